import { paths } from "~/config/paths";

/**
 * The site's fixed pages: their paths, and the section named on their social
 * cards. Their titles and meta descriptions are copy, kept with the rest of
 * each page's copy in content/pages/<key>.yaml (app/site/page-meta.server.ts).
 */
export const fixedPages = {
  home: { path: paths.home, eyebrow: "Digital technology services" },
  about: { path: paths.about, eyebrow: "About us" },
  portfolio: { path: paths.portfolio, eyebrow: "Portfolio" },
  blog: { path: paths.blog, eyebrow: "Blog" },
  events: { path: paths.events, eyebrow: "News & Events" },
  contact: { path: paths.contact, eyebrow: "Contact" },
  privacy: { path: paths.privacy, eyebrow: "Privacy" },
} as const;

export type FixedPageKey = keyof typeof fixedPages;
