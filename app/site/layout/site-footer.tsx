import { Icon } from "~/components/ui/icon";
import { Suspense } from "react";
import { Link } from "react-router";
import { footerColumns } from "~/config/navigation";
import { siteConfig } from "~/config/site";
import { useCurrentYear } from "~/site/layout/use-current-year";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Logo } from "~/site/layout/logo";

const socialLinks = [
  { label: `${siteConfig.name} on LinkedIn`, href: siteConfig.social.linkedin, icon: "linkedin" },
  {
    label: `${siteConfig.name} on Instagram`,
    href: siteConfig.social.instagram,
    icon: "instagram",
  },
  { label: `E-mail ${siteConfig.email}`, href: `mailto:${siteConfig.email}`, icon: "mail" },
] as const;

const linkClass =
  "block w-fit rounded-sm text-[15px] leading-6 text-mist transition-colors duration-150 hover:text-white";

/**
 * The footer: blurb, social links, the spec's five columns, and the copyright line.
 * Its content is a Suspense boundary of its own, as a section band's is
 * (app/components/sections/section.tsx): nothing in it suspends, but React then
 * hydrates its thirty-odd links after the header and the first screen, in slices,
 * rather than in the page's first pass (docs/decisions/072).
 */
export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="bg-night text-mist" data-behind-menu>
      <Suspense>
        <Container className="py-12 md:py-20">
          {/* Phones from 380 px: the logo and the social links share a line (on
            narrower ones they stack), the blurb below; from md up the blurb sits
            under the logo and the links at the right. */}
          <div className="grid grid-cols-1 items-center gap-x-6 gap-y-4 border-b border-white/10 pb-8 min-[380px]:grid-cols-[1fr_auto] md:grid-cols-[minmax(0,28rem)_auto] md:justify-between md:gap-y-5 md:pb-12">
            <Logo className="justify-self-start" />
            <ul
              className="flex gap-3 min-[380px]:col-start-2 min-[380px]:row-start-1 md:row-span-2 md:self-end"
              aria-label="Social links"
            >
              {socialLinks.map(({ label, href, icon }) => (
                <li key={href}>
                  <a
                    href={href}
                    aria-label={label}
                    {...(href.startsWith("http")
                      ? { target: "_blank", rel: "noopener noreferrer" }
                      : {})}
                    className="grid size-11 place-items-center rounded-full border border-white/15 text-mist transition-colors duration-150 hover:border-white/40 hover:text-white"
                  >
                    <Icon name={icon} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
            <p className="max-w-md text-sm leading-relaxed text-mist-soft min-[380px]:col-span-2 md:col-span-1 md:text-[15px]">
              {siteConfig.footerBlurb}
            </p>
          </div>

          <div
            data-testid="footer-grid"
            className="grid grid-cols-2 items-start gap-x-6 gap-y-2 pt-6 md:grid-cols-5 md:gap-y-10 md:pt-12"
          >
            {footerColumns.map((column) => (
              <section key={column.heading} aria-labelledby={`footer-${slug(column.heading)}`}>
                {/* Phones: each column folds behind its heading (issue 30: the
                    open columns were 1.4 screens), still two to a row as the
                    spec's grid has them. From md up the heading is a plain
                    heading and the column always open: the toggle is gone,
                    so no control there does nothing. */}
                <h2
                  id={`footer-${slug(column.heading)}`}
                  className="text-xs leading-5 font-semibold tracking-[0.14em] text-white uppercase max-md:sr-only"
                >
                  {column.heading}
                </h2>
                <details className="group md:[&::details-content]:[content-visibility:visible]">
                  <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-sm text-xs leading-5 font-semibold tracking-[0.14em] text-white uppercase md:hidden [&::-webkit-details-marker]:hidden">
                    {column.heading}
                    <Icon
                      name="chevron-down"
                      className="size-4 shrink-0 text-mist-soft transition-transform duration-200 group-open:rotate-180"
                    />
                  </summary>
                  <ul className="mt-2 mb-2 flex flex-col gap-1.5 md:mt-5 md:mb-0 md:gap-3">
                    {column.kind === "text"
                      ? column.items.map((item) => (
                          <li key={item} className="text-[15px] leading-6 text-mist-soft">
                            {item}
                          </li>
                        ))
                      : column.links.map((link) => (
                          <li key={`${link.label}-${link.href}`}>
                            <Link to={link.href} className={linkClass}>
                              {link.label}
                            </Link>
                          </li>
                        ))}
                  </ul>
                  {column.kind === "links" && column.button && (
                    <Button asChild size="sm" className="mt-3 mb-2 md:mt-6 md:mb-0">
                      <Link to={column.button.href}>{column.button.label}</Link>
                    </Button>
                  )}
                </details>
              </section>
            ))}
          </div>

          <p className="mt-10 border-t border-white/10 pt-6 text-sm text-mist-soft md:mt-14 md:pt-8">
            © <span data-testid="copyright-year">{year}</span> {siteConfig.name}. All rights
            reserved.
          </p>
        </Container>
      </Suspense>
    </footer>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/(^-|-$)/g, "");
}
