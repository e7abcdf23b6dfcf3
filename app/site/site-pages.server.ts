import { fixedPages, type FixedPageKey } from "~/config/pages";
import { siteConfig } from "~/config/site";
import { servicePath, services } from "~/config/services";
import { socialCardPath } from "~/config/social";
import { eventPath } from "~/features/events/event-view";
import { events } from "~/features/events/events.server";
import { fixedPageMeta } from "~/site/page-meta.server";
import { postPath } from "~/features/blog/post-view";
import { listPostSummaries } from "~/features/blog/posts.server";

/**
 * Every public page of the site, in one list: the sitemap lists them and each
 * gets a social card. Not-found pages, redirects and drafts are not here.
 */
export type SitePage = {
  path: string;
  title: string;
  /** The section named on the page's social card. */
  eyebrow: string;
  /** YYYY-MM-DD of the last change. */
  lastModified: string;
};

/**
 * The day this build was made: the last change of pages whose content has no
 * date of its own. The sitemap is rendered at build time, so this is when
 * their HTML was last produced.
 */
const buildDate = new Date().toISOString().slice(0, 10);

export function listSitePages(): SitePage[] {
  return [
    ...(Object.keys(fixedPages) as FixedPageKey[]).map((key) => ({
      path: fixedPages[key].path,
      // The home page's card carries the tagline rather than its meta title.
      title: key === "home" ? siteConfig.tagline : fixedPageMeta[key].title,
      eyebrow: fixedPages[key].eyebrow,
      lastModified: buildDate,
    })),
    ...services.map((service) => ({
      path: servicePath(service.id),
      title: service.label,
      eyebrow: "Services",
      lastModified: buildDate,
    })),
    ...listPostSummaries().map((post) => ({
      path: postPath(post.slug),
      title: post.title,
      eyebrow: "Blog",
      lastModified: post.date,
    })),
    ...events.map((event) => ({
      path: eventPath(event.slug),
      title: event.title,
      eyebrow: "Events",
      lastModified: buildDate,
    })),
  ];
}

export function findSitePageByCard(cardPath: string): SitePage | undefined {
  return listSitePages().find((page) => socialCardPath(page.path) === cardPath);
}
