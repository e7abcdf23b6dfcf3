import { renderMarkdown, type OutlineItem } from "../lib/markdown.server";
import { ContentError } from "./collection";
import {
  parsePosts,
  relatedTo,
  summarisePost,
  type PostEntry,
  type PostSummary,
} from "./post-collection";

/**
 * The blog's posts (content/posts/*.md), validated and rendered to HTML once,
 * when the server starts or the build prerenders, never per request.
 */
export type Post = PostSummary & { html: string; outline: OutlineItem[] };

const files = import.meta.glob<string>("/content/posts/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

// Authors preview drafts with `npm run dev`; a production build (the server
// and every prerendered page) never contains them, so their URLs are 404.
const includeDrafts = !import.meta.env.PROD;

function renderPost(entry: PostEntry): Post {
  try {
    return { ...summarisePost(entry), ...renderMarkdown(entry.body) };
  } catch (error) {
    throw new ContentError(`${entry.sourcePath}: ${(error as Error).message}`);
  }
}

/** Every visible post, newest first. */
export const posts: readonly Post[] = parsePosts(files, { includeDrafts }).map(renderPost);

const summaries: readonly PostSummary[] = posts.map(summaryOf);

function summaryOf(post: Post): PostSummary {
  const { slug, title, date, author, tags, excerpt, services, draft, readingMinutes } = post;
  return { slug, title, date, author, tags, excerpt, services, draft, readingMinutes };
}

export function listPostSummaries(): readonly PostSummary[] {
  return summaries;
}

/** The newest posts, for the home page's "latest posts". */
export function latestPostSummaries(count = 3): PostSummary[] {
  return summaries.slice(0, count);
}

export function findPost(slug: string): Post | undefined {
  return posts.find((post) => post.slug === slug);
}

export function relatedPostSummaries(post: Post, count = 3): PostSummary[] {
  return relatedTo(post, posts, count).map(summaryOf);
}
