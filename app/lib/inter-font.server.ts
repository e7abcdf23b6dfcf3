import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export type InterWeight = 400 | 600 | 700;

/**
 * The static Inter files from @fontsource/inter, for satori, which draws text
 * as outlines at build time (social cards, client wordmarks). satori reads
 * WOFF but not WOFF2, so these are the static WOFF files rather than the
 * variable font the pages load. Read from the installed package: no network.
 */
export function interFont(weight: InterWeight) {
  const file = require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  return { name: "Inter", data: readFileSync(file), weight, style: "normal" as const };
}
