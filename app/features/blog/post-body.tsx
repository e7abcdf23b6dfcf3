import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { Container } from "~/components/ui/container";
import { OnThisPage } from "~/components/sections/on-this-page";
import type { SectionProps } from "~/components/sections/types";

type PostBodyProps = SectionProps & {
  /** The article's HTML, rendered from the post's Markdown when the content loaded. */
  html: string;
  /** The article's headings with their ids; the h2s make the "On this page" list. */
  outline: readonly { id: string; text: string; depth: number }[];
  /** The services the post is about, linking to their pages. */
  services: readonly { label: string; href: string }[];
};

/**
 * The article with, from the large breakpoint up, an "On this page" list that
 * stays in view and the services the post is about. On phones the services
 * follow the article.
 */
export function PostBody({ id, className, html, outline, services }: PostBodyProps) {
  const sections = outline.filter((item) => item.depth === 2);
  return (
    <div id={id} className={cn("bg-surface py-12 md:py-20", className)}>
      <Container className="lg:grid lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-16">
        <article className="article" dangerouslySetInnerHTML={{ __html: html }} />
        <div className="mt-14 lg:mt-0">
          <div className="space-y-10 lg:sticky lg:top-[calc(var(--header-offset)+2rem)]">
            {sections.length > 1 && <OnThisPage id="on-this-page" sections={sections} />}
            {services.length > 0 && (
              <section
                aria-labelledby="post-services"
                className="rounded-2xl border border-line bg-shade p-6"
              >
                <h2 id="post-services" className="text-base font-semibold">
                  Services in this post
                </h2>
                <ul className="mt-4 space-y-2">
                  {services.map((service) => (
                    <li key={service.href}>
                      <Link
                        to={service.href}
                        className="group inline-flex items-center gap-2 text-[15px] font-medium text-accent-strong hover:text-ink"
                      >
                        {service.label}
                        <Icon
                          name="arrow-right"
                          className="size-4 transition-transform duration-200 group-hover:translate-x-0.5"
                        />
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        </div>
      </Container>
    </div>
  );
}
