import { cva } from "class-variance-authority";
import { Icon } from "~/components/ui/icon";
import { NavigationMenu } from "radix-ui";
import { Link, useLocation } from "react-router";
import { servicesMenuTiming } from "~/config/constants";
import { headerNav } from "~/config/navigation";
import { isActivePath } from "~/site/layout/active-path";
import { IconTile } from "~/components/ui/icon-tile";
import { paths } from "~/config/paths";

const topLevelItem = cva(
  "relative inline-flex h-10 items-center gap-1 rounded-full text-[15px] font-medium whitespace-nowrap transition-colors duration-200 hover:text-white data-[active]:text-white data-[state=open]:bg-white/10 data-[state=open]:text-white md:px-2.5",
  {
    variants: {
      kind: {
        item: "px-3.5 text-slate-300 hover:bg-white/10 lg:px-4",
        /** Contact: the header's one call to action, a filled pill. */
        action:
          "ml-1 bg-accent px-4 text-white hover:bg-accent-600 data-[active]:bg-accent-600 lg:ml-2 lg:px-5",
      },
    },
    defaultVariants: { kind: "item" },
  },
);

/**
 * The desktop menu (md and up), in the spec's order. Services is a Radix
 * NavigationMenu dropdown: it opens 200 ms after the pointer rests on it, at
 * once on click or Enter, and closes 150 ms after the pointer leaves.
 */
export function DesktopNav() {
  const { pathname } = useLocation();

  return (
    <NavigationMenu.Root
      aria-label="Main"
      delayDuration={servicesMenuTiming.hoverDelayMs}
      skipDelayDuration={servicesMenuTiming.skipDelayMs}
      className="relative hidden md:block"
    >
      <NavigationMenu.List className="flex items-center gap-0.5">
        {headerNav.map((item) =>
          item.kind === "link" ? (
            <NavigationMenu.Item key={item.href}>
              <NavigationMenu.Link asChild active={isActivePath(pathname, item.href)}>
                <Link
                  to={item.href}
                  className={topLevelItem({
                    kind: item.href === paths.contact ? "action" : "item",
                  })}
                >
                  {item.label}
                </Link>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
          ) : (
            <NavigationMenu.Item key={item.label} className="relative">
              <NavigationMenu.Trigger
                className={topLevelItem({ className: "group" })}
                data-active={
                  item.items.some((link) => isActivePath(pathname, link.href)) ? "" : undefined
                }
              >
                {item.label}
                <Icon
                  name="chevron-down"
                  className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
                />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="absolute top-full left-1/2 z-50 w-[min(600px,calc(100vw-2rem))] -translate-x-1/2 pt-3">
                <ul className="grid grid-cols-2 gap-1 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl shadow-ink/20">
                  {item.items.map((link) => (
                    <li key={link.href}>
                      <NavigationMenu.Link asChild active={pathname === link.href}>
                        <Link
                          to={link.href}
                          className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-[15px] font-medium text-slate-800 transition-colors duration-150 hover:bg-slate-100 hover:text-slate-950 data-[active]:bg-indigo-50 data-[active]:text-accent-600"
                        >
                          {link.icon && <IconTile icon={link.icon} />}
                          {link.label}
                        </Link>
                      </NavigationMenu.Link>
                    </li>
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          ),
        )}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
