import { z } from "zod";
import { countWords, readingMinutes } from "~/features/blog/reading-time";
import {
  keepUniqueBy,
  type ContentProblem,
  type MarkdownEntry,
  type RawFiles,
  loadCollection,
} from "~/lib/content/collection";
import {
  editorHints,
  isoDateField,
  lineField,
  publishAtField,
  serviceIdField,
  slugField,
} from "~/lib/content/fields";
import { isPublished } from "~/lib/content/publication";
import { imageField } from "~/lib/images/image-fields";
import { imageProblem } from "~/lib/images/content-image";
import { contentImages, pictureFor } from "~/lib/images/content-images.server";
import type { PostSummary } from "~/features/blog/post-view";

/**
 * The blog's posts (content/posts/<slug>.md): the frontmatter schema and the
 * rules every reader of the collection shares. Two readers use it: the app
 * (posts.server.ts, files bundled by Vite) and the prerender list
 * (app/site/pages.server.ts, files read from disk), so both agree on which
 * posts exist and which are drafts.
 */
export const postFrontmatterSchema = z
  .object({
    title: lineField(110),
    /** Must equal the file's name: content/posts/<slug>.md is /blog/<slug>. */
    slug: slugField,
    date: isoDateField,
    /** A leader of content/team, with the role given there: the editor offers them by name. */
    author: z
      .object({ name: lineField(60), role: lineField(60) })
      .strict()
      .register(editorHints, { references: "team" }),
    tags: z.array(lineField(30)).min(1).max(5),
    /** The list's teaser and the page's meta description, so 50-160 characters. */
    excerpt: z.string().trim().min(50).max(160),
    /** Services the post is about (app/config/services.ts); they link to their pages. */
    services: z.array(serviceIdField).max(4).default([]),
    /** A draft is previewed in development and left out of production builds. */
    draft: z.boolean().default(false),
    /** When the post goes live on its own; left out of production builds until then (decision 096). */
    publishAt: publishAtField.optional(),
    /**
     * The cover's idea (docs/decisions/083): the post's key figure and what it
     * measures, the figure written as the post writes it. Without one, the
     * cover sets the post's title.
     */
    cover: z
      .object({ figure: lineField(12), caption: lineField(80) })
      .strict()
      .optional(),
    /**
     * A photograph or screen for the post (docs/decisions/093), shown under
     * its header and on its card in place of the drawn cover.
     */
    coverImage: imageField("posts").optional(),
  })
  .strict();

export type PostFrontmatter = z.output<typeof postFrontmatterSchema>;
export type PostEntry = MarkdownEntry<PostFrontmatter>;

/** A published post has at least this many words of prose (code blocks aside); a draft may have fewer. */
export const minimumPublishedWords = 600;

/** Who may sign a post: the leaders of content/team, each with the role given there. */
export type PostAuthors = readonly { name: string; role: string; sourcePath: string }[];

export type ParsePostsOptions = {
  /** Drafts and posts whose publishAt is still to come (dev, previews). */
  includeDrafts: boolean;
  /** The instant a post's publishAt is compared with (publication.ts's contentAsOf); now by default. */
  asOf?: Date;
  /** content/team, read by the same reader as the posts. */
  team: PostAuthors;
};

/**
 * The rules a post must meet beyond its frontmatter schema, checked wherever
 * posts are loaded (dev, the build, the server, the tests), drafts included
 * unless said otherwise.
 */
export function postProblems(entry: PostEntry, team: PostAuthors): ContentProblem[] {
  const problems: ContentProblem[] = [];
  // The author is written in the post and again in content/team: they must agree,
  // so a renamed or departed leader is caught.
  const leader = team.find((member) => member.name === entry.author.name);
  if (!leader) {
    problems.push({
      path: ["author", "name"],
      message: `must be the name of a leader in content/team (${team.map((member) => member.name).join(", ")}), got "${entry.author.name}"`,
    });
  } else if (leader.role !== entry.author.role) {
    problems.push({
      path: ["author", "role"],
      message: `must be "${leader.role}", ${leader.name}'s role in ${leader.sourcePath}, got "${entry.author.role}"`,
    });
  }
  // The cover's figure is a claim the post makes, never one made up for the picture.
  const text = [entry.title, entry.excerpt, entry.body].join(" ").replace(/\s+/g, " ");
  if (entry.cover && !text.includes(entry.cover.figure)) {
    problems.push({
      path: ["cover", "figure"],
      message: `"${entry.cover.figure}" must appear in the post's title, excerpt or text, as written there`,
    });
  }
  for (const image of markdownImagesIn(entry.body)) {
    const problem = image.alt
      ? imageProblem(image.reference, contentImages())
      : `the image “${image.reference}” needs alt text, what it shows: ![what it shows](${image.reference})`;
    if (problem) problems.push({ path: ["body"], linesBelow: image.index, message: problem });
  }
  const heading = pageHeadingIn(entry.body);
  if (heading) {
    problems.push({
      path: ["body"],
      linesBelow: heading.index,
      message: `"${heading.text}" is a level-1 heading; the title is the page's only one, so start the article's sections at "##"`,
    });
  }
  const words = countWords(entry.body);
  if (!entry.draft && words < minimumPublishedWords) {
    problems.push({
      path: ["body"],
      message: `has ${words} words of prose; a published post needs at least ${minimumPublishedWords} (mark it draft: true until then)`,
    });
  }
  return problems;
}

/** The images of a Markdown body (`![alt](path)`) outside code blocks, with their line from the body's first. */
function markdownImagesIn(body: string): { index: number; alt: string; reference: string }[] {
  const images: { index: number; alt: string; reference: string }[] = [];
  let fence: string | undefined;
  for (const [index, line] of body.split("\n").entries()) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) fence = fence ? undefined : marker;
    else if (!fence) {
      // Also as the editor writes an image it could not load, escaped: `!\[alt\](/x.png)`.
      const image = /!\\?\[([^\]]*?)\\?\]\\?\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
      for (const match of line.matchAll(image)) {
        const unescaped = (text = "") => text.replaceAll("\\", "");
        images.push({ index, alt: unescaped(match[1]).trim(), reference: unescaped(match[2]) });
      }
    }
  }
  return images;
}

/** The first "# Heading" of a Markdown body outside code blocks, and its line from the body's first. */
function pageHeadingIn(body: string): { index: number; text: string } | undefined {
  let fence: string | undefined;
  const lines = body.split("\n");
  for (const [index, line] of lines.entries()) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) fence = fence ? undefined : marker;
    else if (!fence && /^\s{0,3}#(?:\s|$)/.test(line)) return { index, text: line.trim() };
  }
  return undefined;
}

/**
 * Validates every post file, newest first. Drafts, and posts due after
 * `asOf`, are left out unless asked for. Throws a ContentError naming the file, line and field for any invalid
 * post.
 */
export function parsePosts(
  files: RawFiles,
  { includeDrafts, asOf = new Date(), team }: ParsePostsOptions,
): PostEntry[] {
  // One slug per file name also makes slugs unique within the folder.
  const entries = loadCollection({
    files,
    schema: postFrontmatterSchema,
    format: "markdown",
    nameField: "slug",
    check: (entry) => postProblems(entry, team),
  });
  // Titles become page titles, which must be unique across the site.
  return keepUniqueBy(entries, (entry) => entry.title, "title")
    .filter((entry) => includeDrafts || isPublished(entry, asOf))
    .sort(newestFirst);
}

export function summarisePost(entry: PostEntry): PostSummary {
  const { slug, title, date, author, tags, excerpt, services, draft, body, cover } = entry;
  const coverImage = entry.coverImage && pictureFor(entry.coverImage);
  return {
    ...(cover && { cover }),
    ...(coverImage && { coverImage }),
    slug,
    title,
    date,
    author,
    tags,
    excerpt,
    services,
    draft,
    readingMinutes: readingMinutes(body),
  };
}

/** Newest first; posts of the same day by title, so the order never depends on file order. */
export function newestFirst(
  a: { date: string; title: string },
  b: { date: string; title: string },
) {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title);
}

type Relatable = {
  slug: string;
  date: string;
  title: string;
  tags: readonly string[];
  services: readonly string[];
};

/**
 * The posts most related to `post`: a shared service counts twice a shared
 * tag; ties go to the newer post. Posts sharing nothing fill the remaining
 * places, newest first, so the page always offers somewhere to go next.
 *
 * One pass keeping the best `count` so far, not a sort of every candidate:
 * every post's page asks, so sorting the whole blog each time made the build
 * grow with the square of the posts (docs/decisions/071).
 */
export function relatedTo<T extends Relatable>(
  post: Relatable,
  candidates: readonly T[],
  count: number,
): T[] {
  const score = (other: T) =>
    2 * other.services.filter((id) => post.services.includes(id)).length +
    other.tags.filter((tag) => post.tags.includes(tag)).length;
  const before = (a: { other: T; score: number }, b: { other: T; score: number }) =>
    b.score - a.score || newestFirst(a.other, b.other);
  // Best first; a candidate goes after every kept one it does not beat, so
  // equals keep the candidates' order, as a stable sort would.
  const best: { other: T; score: number }[] = [];
  for (const other of candidates) {
    if (other.slug === post.slug) continue;
    const scored = { other, score: score(other) };
    let at = best.length;
    for (let kept = best[at - 1]; kept && before(scored, kept) < 0; kept = best[at - 1]) at -= 1;
    if (at < count) best.splice(at, 0, scored);
    if (best.length > count) best.pop();
  }
  return best.map(({ other }) => other);
}
