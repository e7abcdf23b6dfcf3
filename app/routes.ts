import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The one route table: the specification's routes (section 2), inside the
// marketing layout, plus a catch-all that answers unknown paths with a 404 page.
// Each route module is its own chunk, loaded when a visitor navigates to it.
export default [
  // An event's calendar file, outside the layout: a resource route answering
  // text/calendar. ":slug.ics" matches "/events/<slug>.ics" only, and a
  // segment with a suffix outranks the page's bare ":slug" (docs/decisions/032).
  route("events/:slug.ics", "routes/event-calendar.ts"),
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("services/:serviceId", "routes/service-detail.tsx"),
    route("portfolio", "routes/portfolio.tsx"),
    route("portfolio/:slug", "routes/case-study.tsx"),
    route("blog", "routes/blog.tsx"),
    // The list's later pages; /blog is the first (docs/decisions/071).
    route("blog/page/:page", "routes/blog-page.tsx"),
    route("blog/:slug", "routes/blog-post.tsx"),
    route("events", "routes/events.tsx"),
    route("events/:slug", "routes/event-detail.tsx"),
    // Cancelling a registration, from the link in its confirmation e-mail.
    route("events/:slug/cancel", "routes/event-cancel.tsx"),
    route("contact", "routes/contact.tsx"),
    // What the forms store and for how long (issue 28); linked from every form, not the footer.
    route("privacy", "routes/privacy.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The editing UI (Keystatic) and its API, outside the marketing layout;
  // both answer 404 unless editing is on (docs/decisions/081).
  route("keystatic/*", "routes/editing.tsx"),
  route("api/keystatic/*", "routes/editing-api.ts"),
  // Resource routes for search engines, link previews and browsers, all
  // prerendered at build time (app/site/pages.server.ts).
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("blog/rss.xml", "routes/blog-feed.ts"),
  route("manifest.webmanifest", "routes/web-manifest.ts"),
  route("icons/:icon", "routes/site-icon.ts"),
  route("social/:card", "routes/social-card.ts"),
  route("art/:file", "routes/art.ts"),
] satisfies RouteConfig;
