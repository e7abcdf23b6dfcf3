/**
 * Reading time for articles. Only prose counts: code blocks are skimmed rather
 * than read word by word, and link targets and image addresses are not words.
 */
export const WORDS_PER_MINUTE = 230;

const FENCED_CODE = /^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm;
const IMAGE = /!\[[^\]]*\]\([^)]*\)/g;
const LINK = /\[([^\]]*)\]\([^)]*\)/g;
const HTML_TAG = /<[^>]+>/g;
/** A run of letters or digits, with inner apostrophes, hyphens, points or commas ("don't", "1,400"). */
const WORD = /[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu;

/** Counts the prose words of a Markdown text (frontmatter excluded by the caller). */
export function countWords(markdown: string): number {
  const prose = markdown
    .replace(FENCED_CODE, " ")
    .replace(IMAGE, " ")
    .replace(LINK, "$1")
    .replace(HTML_TAG, " ");
  return prose.match(WORD)?.length ?? 0;
}

/** Whole minutes to read a Markdown text, at least one. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));
}

export function formatReadingTime(minutes: number): string {
  return `${minutes} min read`;
}
