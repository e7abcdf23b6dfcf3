/** Up to two initials of a person's name: "Tomás Silva" → "TS", "Cher" → "C". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words.at(-1)] : words;
  return picked.map((word) => Array.from(word ?? "")[0]?.toLocaleUpperCase("en-GB") ?? "").join("");
}

/**
 * A stable index in [0, count) for a name (FNV-1a hash), so the same person
 * always gets the same avatar colour, on the server and in the browser.
 */
export function toneIndexOf(name: string, count: number): number {
  let hash = 0x811c9dc5;
  for (const char of name.normalize("NFC")) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
}
