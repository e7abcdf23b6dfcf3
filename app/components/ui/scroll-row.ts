/**
 * A list that is a horizontal, snapping row on phones and the caller's grid
 * from sm up: no JavaScript, and the row itself takes focus so the arrow keys
 * scroll it (give it tabIndex={0} and a label). Keeps a phone page short
 * (issue 16): four cards side by side instead of four screens of them.
 */
export const scrollRow =
  "-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-cyan sm:mx-0 sm:grid sm:snap-none sm:overflow-visible sm:px-0 sm:pb-0";

/** An item of a scroll row: most of the screen's width on phones, so the next one peeks in. */
export const scrollRowItem = "w-[82%] max-w-sm shrink-0 snap-start sm:w-auto sm:max-w-none";
