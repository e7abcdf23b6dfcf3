import { useEffect, useRef, type ReactNode } from "react";
import { useNavigationType } from "react-router";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

const marks = {
  success: {
    icon: "circle-check",
    className: "bg-ok-wash text-ok ring-ok-wash",
  },
  waiting: { icon: "clock", className: "bg-caution-wash text-caution ring-caution-wash" },
  neutral: { icon: "circle-check", className: "bg-shade-strong text-body ring-line/50" },
} as const;

/**
 * The heading of a form's answer (a thank-you or confirmation state) with its
 * mark. Arriving here from the form (not on a fresh page load), focus moves
 * to the heading so screen readers announce it; the scroll manager has
 * scrolled to it already, so focus does not scroll.
 */
export function ConfirmationHeading({
  id,
  tone = "success",
  children,
}: {
  id: string;
  tone?: keyof typeof marks;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();

  useEffect(() => {
    if (navigationType !== "POP") headingRef.current?.focus({ preventScroll: true });
  }, [navigationType]);

  const mark = marks[tone];
  return (
    <>
      <span className={cn("grid size-14 place-items-center rounded-full ring-8", mark.className)}>
        <Icon name={mark.icon} className="size-7" />
      </span>
      <h2
        ref={headingRef}
        tabIndex={-1}
        id={id}
        className="mt-6 text-title font-semibold outline-none focus-visible:outline-3"
      >
        {children}
      </h2>
    </>
  );
}
