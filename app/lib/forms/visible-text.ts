import { normalizeLine } from "~/lib/forms/schema";

/**
 * Unicode's bidirectional controls are invisible, yet reorder the characters around them: "gpj.exe"
 * can read "exe.jpg", a name can seem to swap a table's columns. A visitor has no reason to type
 * them, so wherever anyone reads what a visitor typed (`leads list`, the CSV export, the e-mails)
 * each is shown as a visible `<U+202E>`. What is stored keeps them.
 */
export function showBidiControls(text: string): string {
  return text.replace(
    /\p{Bidi_Control}/gu,
    (character) =>
      `<U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}>`,
  );
}

/** A visitor's one-line field in an e-mail: on one line even if stored without the schema. */
export function visibleLine(value: string): string {
  return showBidiControls(normalizeLine(value));
}
