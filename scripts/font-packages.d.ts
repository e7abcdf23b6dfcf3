// subset-font and fontverter ship no types; these cover what scripts/inter-subset.ts
// and its test call.
declare module "subset-font" {
  type AxisSpan = { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "truetype" | "woff" | "woff2";
      keepFeatures?: string[];
      variationAxes?: Record<string, number | AxisSpan>;
    },
  ): Promise<Buffer>;
}

declare module "fontverter" {
  export function convert(
    font: Buffer,
    to: "sfnt" | "truetype" | "woff" | "woff2",
    from?: "sfnt" | "truetype" | "woff" | "woff2",
  ): Promise<Buffer>;
}
