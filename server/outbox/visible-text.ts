import { normalizeLine } from "~/lib/forms/schema";

/**
 * Unicode's bidirectional controls (U+202A to U+202E, U+2066 to U+2069, and
 * the marks U+200E, U+200F and U+061C) are invisible, yet they reorder the
 * characters around them: "gpj.exe" can be made to read "exe.jpg", and a
 * name can make the columns after it in a table seem to swap. A visitor has
 * no reason to type them, so wherever the team or a visitor reads what a
 * visitor typed (the `leads list` table, the CSV export, the lead and
 * registration e-mails) each one is shown as a visible `<U+202E>` instead.
 * The stored lead or registration keeps what was sent.
 */
const BIDI_CONTROL = /\p{Bidi_Control}/gu;

export function showBidiControls(text: string): string {
  return text.replace(
    BIDI_CONTROL,
    (character) =>
      `<U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}>`,
  );
}

/**
 * A visitor's one-line field as an e-mail shows it: on one line even if a row
 * was stored without the schema, its direction controls shown as <U+202E>.
 */
export function visibleLine(value: string): string {
  return showBidiControls(normalizeLine(value));
}
