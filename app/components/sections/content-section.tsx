import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Container } from "../ui/container";
import type { SectionProps } from "./types";

type ContentSectionProps = SectionProps & {
  eyebrow?: string;
  title: string;
  children: ReactNode;
  tone?: "white" | "muted";
};

/** A titled band of page copy; anchors land below the fixed header. */
export function ContentSection({
  id,
  className,
  eyebrow,
  title,
  children,
  tone = "white",
}: ContentSectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(tone === "muted" ? "bg-slate-50" : "bg-white", "py-16 md:py-24", className)}
    >
      <Container>
        <div className="max-w-3xl">
          {eyebrow && (
            <p className="mb-3 text-sm font-semibold tracking-[0.14em] text-accent uppercase">
              {eyebrow}
            </p>
          )}
          <h2 id={headingId} className="text-3xl font-semibold md:text-4xl">
            {title}
          </h2>
          <div className="mt-5 space-y-4 text-lg leading-relaxed text-pretty text-slate-600">
            {children}
          </div>
        </div>
      </Container>
    </section>
  );
}
