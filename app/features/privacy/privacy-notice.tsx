import { OnThisPage } from "~/components/sections/on-this-page";
import { Container } from "~/components/ui/container";

type PrivacyNoticeProps = {
  /** The notice's HTML, rendered from its Markdown sections when the content loaded. */
  html: string;
  /** Its h2 sections, for the list beside it on wide screens. */
  outline: readonly { id: string; text: string; depth: number }[];
  /** YYYY-MM-DD of the last change. */
  updated: string;
};

/** The notice, with its sections listed beside it from the large breakpoint up. */
export function PrivacyNotice({ html, outline, updated }: PrivacyNoticeProps) {
  const sections = outline.filter((item) => item.depth === 2);
  return (
    <div className="bg-surface py-12 md:py-20">
      <Container className="lg:grid lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-16">
        <div>
          <article className="article" dangerouslySetInnerHTML={{ __html: html }} />
          <p className="mt-10 text-sm text-muted">
            Last changed <time dateTime={updated}>{updated}</time>.
          </p>
        </div>
        <div className="hidden lg:block">
          <OnThisPage
            id="privacy-sections"
            sections={sections}
            className="lg:sticky lg:top-[calc(var(--header-offset)+2rem)]"
          />
        </div>
      </Container>
    </div>
  );
}
