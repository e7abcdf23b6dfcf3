/**
 * Byte budgets of every public page (issue 6), in bytes after gzip. One place
 * for the browser test (tests/e2e/budgets.spec.ts), `npm run bench:bytes` and
 * docs/benchmarks.md.
 */
export type ByteBudgets = {
  /** All JavaScript a first visit to one page downloads, React and React Router included. */
  readonly pageJs: number;
  /** Any one JavaScript file other than the framework's (see frameworkChunkPrefixes). */
  readonly chunkJs: number;
  /** All stylesheets of one page. */
  readonly pageCss: number;
  /** The page's HTML document. */
  readonly html: number;
  /** Any one image in build/client, uncompressed (images are served as they are). */
  readonly image: number;
};

const KB = 1024;

export const byteBudgets: ByteBudgets = {
  // 136 KB since issue 29: the browser editor's chunk (/keystatic) imports
  // React too, so the bundler keeps React's core apart from the chunk it
  // shared with React Router's components, one chunk more on every page:
  // +0.7 KB gzip on an event page, the heaviest (138,278 to 138,988 bytes).
  // Forcing them back together with a chunk group cost more (139,316).
  pageJs: 136 * KB,
  chunkJs: 20 * KB,
  pageCss: 20 * KB,
  html: 30 * KB,
  image: 100 * KB,
};

/**
 * The chunks that hold React, React DOM and React Router (about 106 KB gzip
 * together): the only files allowed over `chunkJs`. Matched against the file
 * name in /assets/.
 */
export const frameworkChunkPrefixes: readonly string[] = ["entry.client-", "jsx-runtime-"];

/**
 * Each content image (issue 40, docs/decisions/093): a source under
 * content/images/ at most `sourceBytes` and `sourcePixels` on its longer
 * side, and the WebP a phone loads (the `phoneWidth` variant) at most
 * `phoneBytes`. Over any of them is a content error with the file and line
 * that use the image (check:content, the build, the dev page).
 */
export const imageBudget = {
  sourceBytes: 8 * 1024 * KB,
  sourcePixels: 6000,
  phoneWidth: 390,
  phoneBytes: 60 * KB,
} as const;
