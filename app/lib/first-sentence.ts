/**
 * The first sentence of a text: up to the first full stop, question or
 * exclamation mark that a capital letter follows, or the whole text when it
 * has one sentence. A stop inside a sentence ("e.g. the", "3.º andar", "1.8
 * seconds") is followed by no capital and does not end it.
 */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const end = /[.!?](?=\s+\p{Lu})/u.exec(trimmed);
  return end ? trimmed.slice(0, end.index + 1) : trimmed;
}
