/*
 * What components in the browser need of a post. It imports no zod and no
 * yaml (post-collection.ts validates the files on the server against a schema
 * whose output fits this type), so the blog's client chunks stay small
 * (issue 6; docs/decisions/020).
 */

import type { Picture } from "~/lib/images/content-image";

/** What a list or a card shows of a post. */
export type PostSummary = {
  slug: string;
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  /** A leader: their portrait is the one About shows. */
  author: { name: string; role: string; portrait?: string };
  tags: string[];
  excerpt: string;
  /** Service ids (app/config/services.ts) the post is about. */
  services: string[];
  draft: boolean;
  readingMinutes: number;
  /** The cover's key figure and its caption (docs/decisions/083). */
  cover?: { figure: string; caption: string };
  /** Its photograph or screen, when it has one (docs/decisions/093); the drawn cover otherwise. */
  coverImage?: Picture;
};

/** What a post's card shows (app/features/blog/post-card.tsx): no author, no services. */
export type PostCardView = Omit<PostSummary, "author" | "services">;

/**
 * A summary cut to its card: a page that lists posts only as cards sends no
 * more in its hydration data (home's is part of its first-visit JavaScript,
 * decision 068).
 */
export function toPostCardView({
  author: _author,
  services: _services,
  ...card
}: PostSummary): PostCardView {
  return card;
}
