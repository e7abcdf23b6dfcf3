/**
 * The site's fixed pages: path, title and meta description, in one place. The
 * routes' meta, the sitemap and the social cards all read them from here.
 * Service, post and event pages take theirs from content/.
 */
export type PageEntry = {
  path: string;
  /** The page's own title; getMeta() appends " | Company". */
  title: string;
  /** 50-160 characters. */
  description: string;
};

export const staticPages = {
  home: {
    path: "/",
    title: "Digital product engineering and consulting",
    description:
      "Corvanta Digital designs, builds and scales mobile apps, web platforms, data and AI products for FinTech, retail, life sciences and manufacturing.",
  },
  about: {
    path: "/about",
    title: "About us",
    description:
      "Who we are at Corvanta Digital: our story, our vision and values, the people who lead the company, and our commitment to society.",
  },
  portfolio: {
    path: "/portfolio",
    title: "Portfolio",
    description:
      "Products Corvanta Digital has designed and built for FinTech, retail, life sciences, manufacturing and startup clients, with the results they delivered.",
  },
  blog: {
    path: "/blog",
    title: "Blog",
    description:
      "Practical writing from Corvanta Digital's engineers, designers and strategists on building, securing and scaling digital products.",
  },
  events: {
    path: "/events",
    title: "Events",
    description:
      "Round tables, workshops, webinars and meet-ups from Corvanta Digital in London, Lisbon and online: upcoming dates to register for, and past sessions.",
  },
  contact: {
    path: "/contact",
    title: "Contact us",
    description:
      "Tell Corvanta Digital about your project. E-mail, call or visit our London and Lisbon offices; a senior engineer replies within one business day.",
  },
} as const satisfies Record<string, PageEntry>;
