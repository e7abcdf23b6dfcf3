import { cva } from "class-variance-authority";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
} from "react";
import { Link, useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { IconTile } from "~/components/ui/icon-tile";
import { servicesMenuTiming } from "~/config/constants";
import { headerNav, type HeaderNavItem } from "~/config/navigation";
import { paths } from "~/config/paths";
import { isActivePath } from "~/site/layout/active-path";

const topLevelItem = cva(
  "relative inline-flex h-10 items-center gap-1 rounded-full text-[15px] font-medium whitespace-nowrap transition-colors duration-200 data-[state=open]:bg-white/10 data-[state=open]:text-white md:px-2.5",
  {
    variants: {
      kind: {
        item: "px-3.5 text-mist hover:bg-white/10 hover:text-white data-[active]:text-white lg:px-4",
        /** Contact: the header's one call to action, a filled pill. */
        action:
          "ml-1 bg-accent px-4 text-on-accent hover:bg-accent-strong data-[active]:bg-accent-strong lg:ml-2 lg:px-5",
      },
    },
    defaultVariants: { kind: "item" },
  },
);

/** The current page's link: marked for assistive technology and for the styles. */
function currentMarks(current: boolean) {
  return current ? ({ "aria-current": "page", "data-active": "" } as const) : {};
}

/**
 * The desktop menu (md and up), in the spec's order. Services is a disclosure
 * (docs/decisions/065): a button that shows or hides its list of links.
 */
export function DesktopNav() {
  const { pathname } = useLocation();

  return (
    <nav aria-label="Main" className="relative hidden md:block">
      <div>
        <ul className="flex items-center gap-0.5">
          {headerNav.map((item) =>
            item.kind === "link" ? (
              <li key={item.href}>
                <Link
                  to={item.href}
                  className={topLevelItem({
                    kind: item.href === paths.contact ? "action" : "item",
                  })}
                  {...currentMarks(isActivePath(pathname, item.href))}
                >
                  {item.label}
                </Link>
              </li>
            ) : (
              <ServicesDropdown key={item.label} menu={item} pathname={pathname} />
            ),
          )}
        </ul>
      </div>
    </nav>
  );
}

/** When the dropdown last closed, for the skip delay: shared, as Radix's was per menu. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/**
 * The Services dropdown (spec section 9's timings, app/config/constants.ts): it
 * opens 200 ms after a mouse rests on it, at once within 300 ms of closing, and
 * at once on click, Enter or Space; a click on a list the mouse's rest has just
 * opened keeps it open rather than shutting it; it closes 150 ms after the mouse leaves it
 * and its list, on Escape (focus returns to the button), when focus or a click
 * goes elsewhere, and when a page is chosen. The list is only in the page while
 * it is open.
 */
function ServicesDropdown({
  menu,
  pathname,
}: {
  menu: Extract<HeaderNavItem, { kind: "menu" }>;
  pathname: string;
}) {
  // The list remembers the page it was opened on, so any navigation closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === pathname;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Opened by the mouse's rest and not clicked since: the pointer reaches the
  // button before the click does, so a visitor who rests 200 ms and then
  // clicks means "open", not "toggle" (Floating UI's `stickIfOpen` does the same).
  const openedByHover = useRef(false);
  const item = useRef<HTMLLIElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const show = (next: boolean, byHover = false) => {
    clearTimeout(timer.current);
    openedByHover.current = next && byHover;
    if (!next && open) lastClosedAt = Date.now();
    setOpenOnPath(next ? pathname : null);
  };
  const later = (next: boolean, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => show(next, next), delayMs);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!item.current?.contains(event.target as Node)) show(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      show(false);
      trigger.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  });

  // Hover is for a mouse; touch and pen open it with a tap (the click).
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    if (open) return clearTimeout(timer.current);
    const skip = Date.now() - lastClosedAt < servicesMenuTiming.skipDelayMs;
    later(true, skip ? 0 : servicesMenuTiming.hoverDelayMs);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    if (open) later(false, servicesMenuTiming.closeDelayMs);
    else clearTimeout(timer.current);
  };
  const onClick = (event: MouseEvent) => {
    // A keyboard's Enter or Space (detail 0) always toggles.
    if (open && openedByHover.current && event.detail > 0) {
      openedByHover.current = false;
      return;
    }
    show(!open);
  };
  const onBlur = (event: FocusEvent) => {
    if (open && !item.current?.contains(event.relatedTarget as Node | null)) show(false);
  };

  return (
    <li
      ref={item}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={onBlur}
    >
      <button
        ref={trigger}
        type="button"
        className={topLevelItem({ className: "group" })}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        data-state={open ? "open" : "closed"}
        data-active={menu.items.some((link) => isActivePath(pathname, link.href)) ? "" : undefined}
        onClick={onClick}
      >
        {menu.label}
        <Icon
          name="chevron-down"
          className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </button>
      {open && (
        <div className="absolute top-full left-1/2 z-50 w-[min(600px,calc(100vw-2rem))] -translate-x-1/2 pt-3">
          <ul
            id={listId}
            className="grid grid-cols-2 gap-1 rounded-2xl border border-line bg-surface p-3 shadow-xl shadow-night/20"
          >
            {menu.items.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-[15px] font-medium text-body transition-colors duration-150 hover:bg-shade-strong hover:text-ink data-[active]:bg-accent-wash data-[active]:text-accent-strong"
                  onClick={() => show(false)}
                  {...currentMarks(pathname === link.href)}
                >
                  {link.icon && <IconTile icon={link.icon} />}
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
