import { Icon } from "~/components/ui/icon";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

const tones = {
  default: "text-accent-600 hover:text-accent",
  /** On the ink band (a page's top). */
  inverse: "text-cyan-300 hover:text-white",
};

/**
 * A text link with an arrow, for "All posts" or "All events" beside a heading
 * and "back" links. `back` puts a left arrow before the label.
 */
export function ArrowLink({
  className,
  children,
  back = false,
  tone = "default",
  ...props
}: ComponentProps<typeof Link> & { back?: boolean; tone?: keyof typeof tones }) {
  return (
    <Link
      data-slot="arrow-link"
      className={cn(
        "inline-flex items-center gap-2 rounded-sm font-semibold",
        tones[tone],
        className,
      )}
      {...props}
    >
      {back && <Icon name="arrow-left" className="size-4" />}
      {children}
      {!back && <Icon name="arrow-right" className="size-4" />}
    </Link>
  );
}
