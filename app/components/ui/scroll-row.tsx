import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A list that is a horizontal, snapping row on phones and the caller's grid
 * from sm up (issue 16: four cards side by side instead of four screens of
 * them). No JavaScript: the row itself is a tab stop with a name, so a
 * keyboard user reaches it and scrolls it with the arrow keys, and every link
 * inside stays in the tab order. `relative` makes the row the containing block
 * of anything absolutely placed in its cards (sr-only text, a stretched link),
 * so the row clips it instead of widening the whole page.
 */
export function ScrollRow({
  as: List = "ul",
  label,
  className,
  children,
  testId,
}: {
  /** A hook for browser tests (data-testid). */
  testId?: string;
  as?: "ul" | "dl";
  /** The row's accessible name, e.g. "Selected work: products". */
  label: string;
  /** The grid from sm up, e.g. "sm:grid-cols-2 lg:grid-cols-4". */
  className?: string;
  children: ReactNode;
}) {
  return (
    <List
      data-slot="scroll-row"
      data-testid={testId}
      // A scrolling region must take focus, so the arrow keys scroll it.
      tabIndex={0}
      aria-label={label}
      className={cn(
        "relative -mx-5 flex snap-x snap-mandatory scroll-px-5 gap-4 overflow-x-auto px-5 pb-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus sm:mx-0 sm:grid sm:snap-none sm:overflow-visible sm:px-0 sm:pb-0",
        className,
      )}
    >
      {children}
    </List>
  );
}

/**
 * An item of a scroll row: most of the screen's width on phones, so the next
 * one peeks in. A `div` in a `dl` row (a term with its descriptions).
 */
export function ScrollRowItem({
  as: Item = "li",
  className,
  children,
}: {
  as?: "li" | "div";
  className?: string;
  children: ReactNode;
}) {
  return (
    <Item
      className={cn("shrink-0 snap-start sm:w-auto sm:max-w-none", "w-[85%] max-w-sm", className)}
    >
      {children}
    </Item>
  );
}
