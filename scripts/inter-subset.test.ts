import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { convert } from "fontverter";
import { Blob, Face } from "harfbuzzjs";
import { describe, expect, test } from "vitest";
import { faceDeclaration, makeSubset, projectRoot, stylesheet, subsetFaces } from "./inter-subset";

/** One at a time: fontverter's WOFF2 decoder is not safe to run twice at once. */
async function openFace(file: string): Promise<Face> {
  const sfnt = await convert(readFileSync(file), "truetype");
  return new Face(new Blob(sfnt));
}

const require = createRequire(import.meta.url);
const css = readFileSync(stylesheet, "utf8");
const declared = faceDeclaration(css);

describe.each(subsetFaces)(
  "the $family subset the site loads (scripts/inter-subset.ts)",
  (face) => {
    const declared = faceDeclaration(css, face.family);

    test("is what `npm run fonts` makes from the @font-face rule and the installed package", async () => {
      const made = await makeSubset(face);
      expect(
        Buffer.compare(made, readFileSync(face.file)),
        "app/assets/fonts is stale: run `npm run fonts`",
      ).toBe(0);
    });

    test("has every character of the rule's unicode-range that the package's Latin file has", async () => {
      const subset = await openFace(face.file);
      const source = await openFace(face.source);
      const inRange = (codePoint: number) =>
        declared.unicodeRanges.some(([first, last]) => codePoint >= first && codePoint <= last);
      const expected = [...source.collectUnicodes()].filter(inRange);
      const kept = new Set(subset.collectUnicodes());
      expect(expected.length).toBeGreaterThan(200);
      expect(expected.filter((codePoint) => !kept.has(codePoint))).toEqual([]);
    });

    test("varies in weight over exactly the rule's span (none: one weight), and keeps kerning and tabular figures", async () => {
      const subset = await openFace(face.file);
      const weight = subset.getAxisInfos().wght;
      if (declared.weight.min === declared.weight.max) expect(weight).toBeUndefined();
      else expect({ min: weight?.min, max: weight?.max }).toEqual(declared.weight);
      expect(subset.getTableFeatureTags("GPOS")).toContain("kern");
      expect(subset.getTableFeatureTags("GSUB")).toContain("tnum");
    });
  },
);

describe("the Inter subset", () => {
  test("its weight span holds every weight the site's styles ask for", () => {
    // Tailwind's own weight scale (font-thin 100 ... font-black 900), from its theme.
    const tailwindTheme = readFileSync(require.resolve("tailwindcss/theme.css"), "utf8");
    const tailwindWeights = Object.fromEntries(
      [...tailwindTheme.matchAll(/--font-weight-([a-z]+):\s*(\d+);/g)].map(([, name, value]) => [
        name!,
        Number(value),
      ]),
    );
    expect(tailwindWeights).toHaveProperty("semibold");
    const utility = new RegExp(`\\bfont-(${Object.keys(tailwindWeights).join("|")})\\b`, "g");
    const asked = new Map<string, number>();
    const sources = readdirSync(path.join(projectRoot, "app"), {
      recursive: true,
      encoding: "utf8",
    })
      .filter((file) => /\.(tsx?|css)$/.test(file))
      .map((file) => path.join(projectRoot, "app", file));
    for (const file of sources) {
      const text = readFileSync(file, "utf8");
      for (const [, name] of text.matchAll(utility)) {
        asked.set(`${path.relative(projectRoot, file)}: font-${name}`, tailwindWeights[name!]!);
      }
      for (const [, value] of text.matchAll(/font-weight:\s*(\d+)/g)) {
        asked.set(`${path.relative(projectRoot, file)}: font-weight ${value}`, Number(value));
      }
    }
    expect(asked.size).toBeGreaterThan(0);
    const outside = [...asked].filter(
      ([, weight]) => weight < declared.weight.min || weight > declared.weight.max,
    );
    expect(outside, "widen the font-weight span in app/app.css, then run `npm run fonts`").toEqual(
      [],
    );
  });
});
