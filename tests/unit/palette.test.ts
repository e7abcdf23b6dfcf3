import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

/*
 * The site's own palette (issue 30, docs/design/identity.md): components
 * colour with the semantic tokens of app/app.css (surface, ink, muted, line,
 * accent, night…), which follow the theme. A Tailwind default colour class
 * (indigo-600, slate-500, cyan-300…) is the template look coming back, and
 * stays one colour in the dark theme.
 */
const defaultColour =
  /(?<![\w-])(?:[a-z]+:)*(?:bg|text|border|ring|outline|fill|stroke|from|via|to|divide|shadow|decoration|accent|caret|placeholder)-(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d{2,3}\b/g;

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

it("no component uses a Tailwind default colour class", () => {
  const found = sources("app").flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(defaultColour)].map((match) => `${file}: ${match[0]}`),
  );
  expect(found, "use the tokens in app/app.css (docs/design/identity.md)").toEqual([]);
});

// The template's indigo (#4f46e5, #6366f1, #4338ca) and navy (#0a1020),
// written as hex or as an arbitrary rgb() value: the case study's glow kept
// the indigo through a merge, which the class check above cannot see.
const templateColour = /#(?:4f46e5|6366f1|4338ca|0a1020)\b|rgb\(79[ _,]+70[ _,]+229/gi;

it("no component keeps the template's indigo or navy as a literal colour", () => {
  const found = sources("app").flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(templateColour)].map((match) => `${file}: ${match[0]}`),
  );
  expect(found, "use the tokens in app/app.css or artPalette (app/config/art.ts)").toEqual([]);
});
