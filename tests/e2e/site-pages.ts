import { fixedPages } from "../../app/config/pages";
import { servicePath, services } from "../../app/config/services";
import { readEventSlugs } from "../../app/content/event-files";
import { eventPath } from "../../app/content/event-view";
import { postPath } from "../../app/content/post-collection";
import { readPublishedPosts } from "../../app/content/post-files";

/**
 * The public pages the site must list in its sitemap, worked out here from
 * config and content files independently of the site's own list.
 */
export function expectedPublicPaths(): string[] {
  return [
    ...Object.values(fixedPages).map((page) => page.path),
    ...services.map((service) => servicePath(service.id)),
    ...readPublishedPosts().map((post) => postPath(post.slug)),
    ...readEventSlugs().map(eventPath),
  ];
}
