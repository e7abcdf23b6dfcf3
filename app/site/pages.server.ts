import { siteIcons, type SiteIconName } from "~/config/icons";
import { fixedPages, type FixedPageKey } from "~/config/pages";
import {
  blogPagePath,
  eventPath,
  iconPath,
  paths,
  postPath,
  productPath,
  servicePath,
  socialCardPath,
} from "~/config/paths";
import { services } from "~/config/services";
import { siteConfig } from "~/config/site";
import { blogListPageCount, listPostSummaries } from "~/features/blog/posts.server";
import { events } from "~/features/events/events.server";
import { products } from "~/features/portfolio/products.server";
import { serviceRef } from "~/features/services/services.server";
import { artFilePaths } from "~/site/art/art-files.server";
// Fails on a repeated name across team, speakers and testimonials.
import "~/site/cast.server";
import { blogPageMeta, fixedPageMeta } from "~/site/page-meta.server";

/*
 * The one list of the site's public pages. The prerender list
 * (react-router.config.ts), the sitemap, the social cards, the scripts and the
 * browser tests all read it. Not-found pages, redirects and drafts are not
 * here. Read outside Vite too (through tsx), where the content loaders read
 * content/ from disk.
 */
export type SitePage = {
  path: string;
  title: string;
  /** The section named on the page's social card. */
  eyebrow: string;
  /** YYYY-MM-DD of the last change. */
  lastModified: string;
  /**
   * Rendered once at build time and served as a static file: the HTML is the
   * same for every visitor. Home, events and contact are rendered per request:
   * home and events show what is still to come at the instant they are served,
   * and the contact form carries a fresh token (docs/decisions/003 and 007).
   */
  prerendered: boolean;
};

/**
 * The day this build was made: the last change of pages whose content has no
 * date of its own. The sitemap is rendered at build time, so this is when
 * their HTML was last produced.
 */
const buildDate = new Date().toISOString().slice(0, 10);

const perRequestPages: readonly FixedPageKey[] = ["home", "events", "contact"];

export function listSitePages(): SitePage[] {
  return [
    ...(Object.keys(fixedPages) as FixedPageKey[]).map((key) => ({
      path: fixedPages[key].path,
      // The home page's card carries the tagline rather than its meta title.
      title: key === "home" ? siteConfig.tagline : fixedPageMeta[key].title,
      eyebrow: fixedPages[key].eyebrow,
      lastModified: buildDate,
      prerendered: !perRequestPages.includes(key),
    })),
    ...services.map((service) => ({
      path: servicePath(service.id),
      title: serviceRef(service.id).name,
      eyebrow: "Services",
      lastModified: buildDate,
      prerendered: true,
    })),
    ...products.map((product) => ({
      path: productPath(product.slug),
      title: `${product.name} for ${product.client.name}`,
      eyebrow: "Case study",
      lastModified: buildDate,
      prerendered: true,
    })),
    // The blog's list past its first page (/blog is a fixed page): at most
    // twelve posts each, so no page grows with the blog (docs/decisions/071).
    ...Array.from({ length: blogListPageCount() - 1 }, (_, index) => {
      const number = index + 2;
      return {
        path: blogPagePath(number),
        title: blogPageMeta(number, blogListPageCount()).title,
        eyebrow: "Blog",
        lastModified: buildDate,
        prerendered: true,
      };
    }),
    ...listPostSummaries().map((post) => ({
      path: postPath(post.slug),
      title: post.title,
      eyebrow: "Blog",
      lastModified: post.date,
      prerendered: true,
    })),
    ...events.map((event) => ({
      path: eventPath(event.slug),
      title: event.title,
      eyebrow: "Events",
      lastModified: buildDate,
      prerendered: false,
    })),
  ];
}

/** Every public page's path, prerendered or not. */
export function readPublicPaths(): string[] {
  return listSitePages().map((page) => page.path);
}

/** The pages prerendered at build time. */
export const prerenderedPaths: readonly string[] = listSitePages()
  .filter((page) => page.prerendered)
  .map((page) => page.path);

/**
 * Files rendered by resource routes at build time and served as static files:
 * the sitemap, robots.txt, the blog's feed, the web app manifest, the icons,
 * one social card per public page, and the decorative art.
 */
export const prerenderedResources: readonly string[] = [
  paths.sitemap,
  paths.robots,
  paths.blogFeed,
  paths.manifest,
  ...Object.keys(siteIcons).map((name) => iconPath(name as SiteIconName)),
  ...readPublicPaths().map(socialCardPath),
  ...artFilePaths(),
];

let sitePagesByCard: Map<string, SitePage> | undefined;

/**
 * The page a social card is drawn for. The map is made once: the build asks
 * for every page's card, and listing every page for each made it quadratic.
 */
export function findSitePageByCard(cardPath: string): SitePage | undefined {
  sitePagesByCard ??= new Map(listSitePages().map((page) => [socialCardPath(page.path), page]));
  return sitePagesByCard.get(cardPath);
}
