import { ArrowLink } from "~/components/ui/arrow-link";
import { Container } from "~/components/ui/container";
import { blogPageLinks } from "~/features/blog/blog-pages";
import { cn } from "~/lib/cn";

/**
 * "Newer posts" and "Older posts" under the blog's list, with where the page
 * stands between them. Plain links (rel prev/next), so they work before
 * hydration, with the keyboard and for crawlers; absent when the blog fits
 * one page.
 */
export function BlogPagination({
  number,
  count,
  className,
}: {
  number: number;
  count: number;
  className?: string;
}) {
  if (count <= 1) return null;
  const { newer, older } = blogPageLinks(number, count);
  return (
    <Container className={cn("pb-14 md:pb-24", className)}>
      <nav
        aria-label="Blog pages"
        className="flex flex-wrap items-center justify-between gap-x-6 gap-y-4 border-t border-line pt-6"
      >
        <div className="min-w-36">
          {newer && (
            <ArrowLink to={newer} rel="prev" back>
              Newer posts
            </ArrowLink>
          )}
        </div>
        <p className="order-first w-full text-center text-sm text-muted sm:order-none sm:w-auto">
          Page {number} of {count}
        </p>
        <div className="min-w-36 text-right">
          {older && (
            <ArrowLink to={older} rel="next">
              Older posts
            </ArrowLink>
          )}
        </div>
      </nav>
    </Container>
  );
}
