import { Icon } from "~/components/ui/icon";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { mediumBreakpointPx } from "~/config/constants";
import { headerNav } from "~/config/navigation";
import { isActivePath } from "~/site/layout/active-path";
import { cn } from "~/lib/cn";
import { IconTile } from "~/components/ui/icon-tile";
import { Button } from "~/components/ui/button";
import { paths } from "~/config/paths";

const rowClass =
  "flex w-full items-center justify-between rounded-xl px-4 py-3.5 text-lg font-medium text-mist-strong transition-colors duration-150 hover:bg-white/10 aria-[current=page]:text-white aria-[current=page]:bg-white/10";

/**
 * The menu below the medium breakpoint: a disclosure that the hamburger button
 * toggles (spec section 4). While it is open the page behind is inert and does
 * not scroll; Escape closes it and returns focus to the button; choosing a link
 * closes it.
 */
export function MobileNav() {
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so a navigation by any other
  // means (back button, a link in the page) closes it too.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === pathname;
  const [servicesOpen, setServicesOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const servicesListId = useId();

  const close = () => {
    setOpenOnPath(null);
    setServicesOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const background = document.querySelectorAll<HTMLElement>("[data-behind-menu]");
    root.style.overflow = "hidden";
    background.forEach((element) => (element.inert = true));

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      buttonRef.current?.focus();
    };
    // Widening the window past the breakpoint swaps in the desktop menu.
    const desktop = window.matchMedia(`(min-width: ${mediumBreakpointPx}px)`);
    const onDesktop = (event: MediaQueryListEvent) => event.matches && close();

    document.addEventListener("keydown", onKeyDown);
    desktop.addEventListener("change", onDesktop);
    return () => {
      root.style.overflow = "";
      background.forEach((element) => (element.inert = false));
      document.removeEventListener("keydown", onKeyDown);
      desktop.removeEventListener("change", onDesktop);
    };
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        // A constant name: aria-expanded says whether the menu is open.
        aria-label="Menu"
        onClick={() => (open ? close() : setOpenOnPath(pathname))}
        className="grid size-11 place-items-center rounded-full text-white hover:bg-white/10"
      >
        {open ? <Icon name="x" className="size-6" /> : <Icon name="menu" className="size-6" />}
      </button>

      {/* In the page only while open: a closed menu is a second copy of the
          header's links that every page would send and hydrate for nothing. */}
      {open && (
        <nav
          id={panelId}
          aria-label="Main"
          className="fixed inset-x-0 top-(--header-offset) bottom-0 z-50 overflow-y-auto overscroll-contain border-t border-white/10 bg-night px-4 pt-4 pb-10"
        >
          <ul className="flex flex-col gap-1">
            {headerNav.map((item) =>
              item.kind === "link" ? (
                <li key={item.href}>
                  <Link
                    to={item.href}
                    onClick={close}
                    aria-current={isActivePath(pathname, item.href) ? "page" : undefined}
                    className={rowClass}
                  >
                    {item.label}
                  </Link>
                </li>
              ) : (
                <li key={item.label}>
                  <button
                    type="button"
                    aria-expanded={servicesOpen}
                    aria-controls={servicesListId}
                    onClick={() => setServicesOpen((value) => !value)}
                    className={rowClass}
                  >
                    {item.label}
                    <Icon
                      name="chevron-down"
                      className={cn(
                        "size-5 transition-transform duration-200",
                        servicesOpen && "rotate-180",
                      )}
                    />
                  </button>
                  {servicesOpen && (
                    <ul id={servicesListId} className="mt-1 mb-2 flex flex-col gap-0.5 pl-2">
                      {item.items.map((link) => (
                        <li key={link.href}>
                          <Link
                            to={link.href}
                            onClick={close}
                            aria-current={pathname === link.href ? "page" : undefined}
                            className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-base text-mist-strong hover:bg-white/10 hover:text-white aria-[current=page]:bg-white/10 aria-[current=page]:text-white"
                          >
                            {link.icon && <IconTile icon={link.icon} tone="inverse" />}
                            {link.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ),
            )}
          </ul>
          {/* Outside the list, so the menu's items stay exactly the spec's. */}
          <div className="mt-6 border-t border-white/10 pt-6">
            <Button asChild size="lg" className="w-full">
              <Link to={paths.contact} onClick={close}>
                Start a project
                <Icon name="arrow-right" />
              </Link>
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
