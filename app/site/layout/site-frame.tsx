import { useEffect, type ReactNode } from "react";
import { rememberLanding } from "~/lib/forms/lead-source";
import { PageLoadingIndicator } from "~/site/layout/page-loading-indicator";
import { ScrollManager } from "~/site/layout/scroll-manager";
import { SiteFooter } from "~/site/layout/site-footer";
import { SiteHeader } from "~/site/layout/site-header";

/**
 * The shared layout of every page (spec section 2): skip link, fixed header,
 * <main> offset below it, footer. The error views render inside it too.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  // The tab's first page notes where the visit came from, for the forms (no cookie).
  useEffect(rememberLanding, []);
  return (
    <>
      <a
        href="#main-content"
        className="fixed top-3 left-3 z-[60] -translate-y-24 rounded-full bg-surface px-5 py-3 font-semibold text-ink shadow-lg focus:translate-y-0"
      >
        Skip to content
      </a>
      <SiteHeader />
      <PageLoadingIndicator />
      <ScrollManager />
      <main
        id="main-content"
        tabIndex={-1}
        className="pt-(--header-offset) outline-none"
        data-behind-menu
      >
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
