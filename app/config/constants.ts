/**
 * The specification's business constants (section 9), in one place. The header,
 * the Services dropdown, the footer grid and the tests all read them from here.
 */

/** Desktop Services dropdown timings, in milliseconds. */
export const servicesMenuTiming = {
  /** Pointer rest before the dropdown opens. */
  hoverDelayMs: 200,
  /** Window after closing in which it opens again at once. */
  skipDelayMs: 300,
  /** Pointer-leave delay before the dropdown closes. */
  closeDelayMs: 150,
} as const;

/** Height of the fixed header, and so the offset of the page content, in px. */
export const headerOffsetPx = {
  mobile: 75,
  desktop: 90,
} as const;

/**
 * The "medium" breakpoint: the hamburger menu shows below it, the desktop menu
 * from it up. Tailwind's `md` is set to the same value in app/app.css.
 */
export const mediumBreakpointPx = 768;

/** Footer grid columns: small screens, then from the medium breakpoint up. */
export const footerGridColumns = {
  small: 2,
  medium: 5,
} as const;
