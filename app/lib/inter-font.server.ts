import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export type InterWeight = 400 | 600 | 700;

const files = new Map<InterWeight, Buffer>();

/**
 * The static Inter files from @fontsource/inter, for satori, which draws text
 * as outlines at build time (social cards, client wordmarks). satori reads
 * WOFF but not WOFF2, so these are the static WOFF files rather than the
 * variable font the pages load. Read from the installed package once per
 * weight: no network.
 */
export function interFonts(...weights: InterWeight[]) {
  return weights.map((weight) => {
    let data = files.get(weight);
    if (!data) {
      data = readFileSync(
        require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`),
      );
      files.set(weight, data);
    }
    return { name: "Inter", data, weight, style: "normal" as const };
  });
}
