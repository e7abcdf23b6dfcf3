import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

/**
 * The site's two web fonts, each cut from its package's variable Latin file
 * down to what the site draws with it (issue 11, docs/decisions/066-inter-subset.md):
 * Inter, the text face (@fontsource-variable/inter), and Bricolage Grotesque,
 * the display face of the headings (@fontsource-variable/bricolage-grotesque,
 * issue 30), pinned to the one weight its rule declares and its largest optical
 * size (the file's default, 96), which is all the headings use. What the face covers is
 * declared once, in its @font-face rule in app/app.css: the characters
 * (`unicode-range`) and the weights (`font-weight`). This cuts the file to
 * match: every character of that range that Inter has, the weight axis
 * narrowed to that span, and only the layout features a browser applies by
 * itself plus the one the site asks for (`tnum`, Tailwind's tabular-nums).
 *
 * Run `npm run fonts` after changing that rule or upgrading the package; a
 * unit test fails while the committed file differs from what this makes.
 */
const require = createRequire(import.meta.url);

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const stylesheet = path.join(projectRoot, "app/app.css");
export const subsetFile = path.join(projectRoot, "app/assets/fonts/inter-latin-wght-subset.woff2");
const fontFamily = "Inter Variable";

/** A face the site self-hosts: its family in app/app.css, the package file it is cut from, the cut. */
export type SubsetFace = { family: string; source: string; file: string };

/**
 * The features Chromium, Firefox and Safari turn on by themselves for Latin
 * text (glyph composition, marks, kerning, standard and contextual
 * ligatures and alternates, variable-font substitution), plus `tnum`.
 */
const keptFeatures = [
  "ccmp",
  "locl",
  "mark",
  "mkmk",
  "kern",
  "liga",
  "clig",
  "calt",
  "rlig",
  "rclt",
  "rvrn",
  "curs",
  "dist",
  "abvm",
  "blwm",
  "tnum",
] as const;

export type FaceDeclaration = {
  /** Inclusive code point ranges. */
  unicodeRanges: [number, number][];
  weight: { min: number; max: number };
};

/** The @font-face rule of `family` in `css`: its unicode-range and its weight span. */
export function faceDeclaration(css: string, family: string = fontFamily): FaceDeclaration {
  const rule = [...css.matchAll(/@font-face\s*\{(?<body>[^}]*)\}/g)]
    .map((match) => match.groups?.body ?? "")
    .find((body) => new RegExp(`font-family:\\s*"${family}"`).test(body));
  if (!rule) throw new Error(`No @font-face rule for "${family}" in the stylesheet`);
  const range = /unicode-range:([^;]+);/.exec(rule)?.[1];
  const weight = /font-weight:\s*(\d+)(?:\s+(\d+))?\s*;/.exec(rule);
  if (!range || !weight) {
    throw new Error(`The "${family}" @font-face needs a unicode-range and a font-weight`);
  }
  const unicodeRanges = range.split(",").map((part): [number, number] => {
    const bounds = /^\s*U\+(?<first>[0-9A-F]{1,6})(?:-(?<last>[0-9A-F]{1,6}))?\s*$/i.exec(
      part,
    )?.groups;
    if (!bounds?.first) throw new Error(`Unreadable unicode-range part "${part.trim()}"`);
    const first = Number.parseInt(bounds.first, 16);
    return [first, bounds.last ? Number.parseInt(bounds.last, 16) : first];
  });
  return {
    unicodeRanges,
    weight: { min: Number(weight[1]), max: Number(weight[2] ?? weight[1]) },
  };
}

export const sourceFontFile =
  require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");

const interFace: SubsetFace = { family: fontFamily, source: sourceFontFile, file: subsetFile };

export const subsetFaces: readonly SubsetFace[] = [
  interFace,
  {
    family: "Bricolage Grotesque Variable",
    source:
      require.resolve("@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2"),
    file: path.join(projectRoot, "app/assets/fonts/bricolage-grotesque-latin-wght-subset.woff2"),
  },
];

/** The subset of Inter for the rule now in app/app.css, as WOFF2 bytes. */
export const makeInterSubset = () => makeSubset(interFace);

/** The subset of `face` for its rule now in app/app.css, as WOFF2 bytes. */
export async function makeSubset(face: SubsetFace): Promise<Buffer> {
  const { unicodeRanges, weight } = faceDeclaration(readFileSync(stylesheet, "utf8"), face.family);
  const characters = unicodeRanges
    .flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, offset) => first + offset),
    )
    // Surrogates are halves of characters, not characters.
    .filter((codePoint) => codePoint < 0xd800 || codePoint > 0xdfff)
    .map((codePoint) => String.fromCodePoint(codePoint))
    .join("");
  return subsetFont(readFileSync(face.source), characters, {
    targetFormat: "woff2",
    keepFeatures: [...keptFeatures],
    // One weight pins the axis: a static face, the smallest file.
    variationAxes: { wght: weight.min === weight.max ? weight.min : weight },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const face of subsetFaces) {
    const bytes = await makeSubset(face);
    writeFileSync(face.file, bytes);
    const before = readFileSync(face.source).length;
    console.log(
      `${path.relative(projectRoot, face.file)}: ${bytes.length} bytes (the package's Latin file: ${before})`,
    );
  }
}
