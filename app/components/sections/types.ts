/** The props every page section takes, so pages compose them the same way. */
export type SectionProps = {
  /** In-page anchor, e.g. "vision" for /about#vision. */
  id?: string;
  className?: string;
};
