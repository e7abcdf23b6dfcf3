/*
 * What components in the browser need of a post. It imports no zod and no
 * yaml (post-collection.ts validates the files on the server against a schema
 * whose output fits this type), so the blog's client chunks stay small
 * (issue 6; docs/decisions/020).
 */

/** What a list or a card shows of a post. */
export type PostSummary = {
  slug: string;
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  author: { name: string; role: string };
  tags: string[];
  excerpt: string;
  /** Service ids (app/config/services.ts) the post is about. */
  services: string[];
  draft: boolean;
  readingMinutes: number;
};
