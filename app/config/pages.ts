/**
 * The site's fixed pages: their paths, and the section named on their social
 * cards. Their titles and meta descriptions are copy, kept with the rest of
 * each page's copy in content/pages/<key>.yaml (app/content/page-meta.server.ts).
 */
export const fixedPages = {
  home: { path: "/", eyebrow: "Digital technology services" },
  about: { path: "/about", eyebrow: "About us" },
  portfolio: { path: "/portfolio", eyebrow: "Portfolio" },
  blog: { path: "/blog", eyebrow: "Blog" },
  events: { path: "/events", eyebrow: "News & Events" },
  contact: { path: "/contact", eyebrow: "Contact" },
} as const;

export type FixedPageKey = keyof typeof fixedPages;
