import { showBidiControls } from "~/lib/forms/visible-text";

/*
 * Tables of leads and registrations for `npm run leads`: CSV for spreadsheets and
 * text for the terminal, with anything a visitor typed made harmless.
 */

/** The header and rows as that CSV: byte order mark, defused cells, CRLF line ends. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | null)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/**
 * One CSV cell, following OWASP's guidance on CSV injection: every cell is
 * quoted, quotes inside it doubled, and an apostrophe put before each place a
 * formula could start, so a spreadsheet shows the text instead of running it
 * (a phone number shows as `'+44 ...`). Bidirectional controls are shown as
 * `<U+202E>` (app/lib/forms/visible-text.ts).
 */
export function csvCell(value: string | null): string {
  if (value === null) return '""';
  const safe = showBidiControls(value).replace(FORMULA_START, "'");
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Columns padded to their widest cell, a rule under the header, control characters removed. */
export function terminalTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  /** Longer cells are cut short, with an ellipsis. */
  maxWidth = 32,
): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => terminalSafe(cell, maxWidth)));
  const widths = header.map((_, column) =>
    Math.max(...cells.map((row) => [...(row[column] ?? "")].length)),
  );
  const lines = cells.map((row) =>
    row
      .map((cell, column) => cell + " ".repeat((widths[column] ?? 0) - [...cell].length))
      .join("  ")
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((width) => "-".repeat(width)).join("  "));
  return `${lines.join("\n")}\n`;
}

/**
 * Where a spreadsheet may start a formula (OWASP, "CSV Injection"): a cell
 * starting with = + - @, a tab or a carriage return, or with the full-width or
 * small forms of the first four, which some versions read as their ASCII
 * twins. A cell may start at the start of the value and after any character
 * some locale or importer splits on (comma, semicolon, tab, line break), even
 * inside a quoted cell: an importer set to another separator, or one that
 * ignores quotes, splits there. Spaces or quotes before the formula
 * character do not make it safe, as importers drop them.
 */
const FORMULA_START =
  /(?<=^|[,;\t\r\n])(?=[ \u00A0"']*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/gu;

// A visitor could type terminal escape sequences; a table never prints them,
// and shows bidirectional controls as <U+202E>.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;

function terminalSafe(value: string, max: number): string {
  const clean = showBidiControls(value).replace(CONTROL, " ");
  const characters = [...clean];
  return characters.length > max ? `${characters.slice(0, max - 1).join("")}…` : clean;
}
