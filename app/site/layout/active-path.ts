import { paths } from "~/config/paths";
/**
 * Whether a menu link points at the current page. Home is active only on "/",
 * other links on their own path and the paths below it.
 */
export function isActivePath(pathname: string, href: string): boolean {
  const target = href.split("#")[0] ?? href;
  if (target === paths.home) return pathname === paths.home;
  return pathname === target || pathname.startsWith(`${target}/`);
}
