import { Container } from "~/components/ui/container";
import { DesktopNav } from "~/site/layout/desktop-nav";
import { Logo } from "~/site/layout/logo";
import { MobileNav } from "~/site/layout/mobile-nav";
import { ThemeSwitch } from "~/site/layout/theme-switch";

/** The fixed header: 75 px tall below md, 90 px from md up (--header-offset). */
export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-(--header-offset) border-b border-white/10 bg-night">
      <Container className="flex h-full items-center justify-between gap-6">
        <Logo />
        <div className="flex items-center gap-1 max-md:-mr-2 lg:gap-2">
          <DesktopNav />
          <ThemeSwitch />
          <MobileNav />
        </div>
      </Container>
    </header>
  );
}
