import { href } from "react-router";
import type { ServiceId } from "./services";

/**
 * The one owner of the site's URLs. Every internal link, redirect, prerender
 * entry and test takes its path from here; a unit test fails on a path literal
 * anywhere else in app/ (tests/unit/paths.test.ts). Route paths go through
 * React Router's typed `href()`, so a renamed route fails the typecheck.
 */
export const paths = {
  home: href("/"),
  about: href("/about"),
  portfolio: href("/portfolio"),
  blog: href("/blog"),
  events: href("/events"),
  contact: href("/contact"),
  privacy: href("/privacy"),
  /** The spec's footer "Services" link: no page answers it (docs/decisions/002). */
  servicesIndex: "/services",
  blogFeed: href("/blog/rss.xml"),
  sitemap: href("/sitemap.xml"),
  robots: href("/robots.txt"),
  manifest: href("/manifest.webmanifest"),
  /** The editing UI (Keystatic, docs/decisions/081) and its API; 404 unless editing is on. */
  editing: "/keystatic",
  editingApi: "/api/keystatic",
} as const;

/** The editing UI's pages and its API: the only paths with their own, looser CSP (decision 081). */
export function isEditingPath(pathname: string): boolean {
  return [paths.editing, paths.editingApi].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** Keystatic's API: reads, saves and GitHub sign-in, with GET and POST. */
export function isEditingApiPath(pathname: string): boolean {
  return pathname === paths.editingApi || pathname.startsWith(`${paths.editingApi}/`);
}

/**
 * A service page. The footer's /services/cybersecurity is an id that redirects
 * (app/config/services.ts, serviceIdRedirects), so it is accepted here too.
 */
export function servicePath(serviceId: ServiceId | "cybersecurity"): string {
  return href("/services/:serviceId", { serviceId });
}

/** A product's case study page. */
export function productPath(slug: string): string {
  return href("/portfolio/:slug", { slug });
}

/**
 * A page of the blog's list (issue 26): the first is /blog itself, the next
 * /blog/page/2 and on. /blog/page/1 is not a page: it redirects to /blog, so
 * each page has one address (docs/decisions/071).
 */
export function blogPagePath(page: number): string {
  return page === 1 ? paths.blog : href("/blog/page/:page", { page: String(page) });
}

export function postPath(slug: string): string {
  return href("/blog/:slug", { slug });
}

export function eventPath(slug: string): string {
  return href("/events/:slug", { slug });
}

/** The registration form on an event's page (its section's id is "register"). */
export function eventRegistrationPath(slug: string): string {
  return `${eventPath(slug)}#register`;
}

/**
 * Where a registration is cancelled: the signed token from the confirmation
 * e-mail rides in the query string, which the server's log never records.
 */
export function eventCancelPath(slug: string, token?: string): string {
  const path = href("/events/:slug/cancel", { slug });
  return token === undefined ? path : `${path}?token=${encodeURIComponent(token)}`;
}

/**
 * The paths an event's forms post to, with and without JavaScript (React
 * Router posts to the route's ".data" URL): the registration, to the event's
 * page, and the cancellation.
 */
export function isEventFormPath(pathname: string): boolean {
  const prefix = `${paths.events}/`;
  if (!pathname.startsWith(prefix)) return false;
  const rest = pathname.slice(prefix.length).replace(/\.data$/, "");
  return /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/cancel)?$/.test(rest);
}

/** The calendar file's address: a resource route beside the event's page. */
export function eventCalendarPath(slug: string): string {
  return `${eventPath(slug)}.ics`;
}

/** The contact page, with a service picked in its form when one is given. */
export function contactPath(serviceId?: string): string {
  return serviceId ? `${paths.contact}?service=${encodeURIComponent(serviceId)}` : paths.contact;
}

/** A section of a page: "/about#vision". */
export function sectionPath(pagePath: string, sectionId: string): string {
  return `${pagePath}#${sectionId}`;
}

/** A site icon rendered from the brand mark (app/routes/site-icon.ts). */
export function iconPath(name: string): string {
  return href("/icons/:icon", { icon: name });
}

/**
 * The path of a page's social card: "/" is /social/home.png, "/services/ai-ml"
 * is /social/services-ai-ml.png. The cards are rendered at build time
 * (app/routes/social-card.ts).
 */
export function socialCardPath(pagePath: string): string {
  const key = pagePath.replace(/^\/+|\/+$/g, "").replaceAll("/", "-") || "home";
  return socialCardFilePath(`${key}.png`);
}

/** A social card by its file name, as the card route receives it. */
export function socialCardFilePath(card: string): string {
  return href("/social/:card", { card });
}

/** A decorative art file, drawn in code and prerendered (app/site/art/art-files.server.tsx). */
export function artPath(file: string): string {
  return href("/art/:file", { file });
}

/** The forms that take a signed time token, each signed for its own (docs/decisions/051). */
export const tokenForms = ["contact", "registration"] as const;
export type TokenForm = (typeof tokenForms)[number];

/** Where a form's page fetches a fresh token: the server answers it, not a route (server/forms/http.ts). */
export function formTokenPath(form: TokenForm): string {
  return `/forms/${form}/token`;
}
