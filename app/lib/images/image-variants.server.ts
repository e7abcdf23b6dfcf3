import path from "node:path";
import { cachedBytes, contentKey } from "../build-cache.server.ts";
import type SharpModule from "sharp";
import type { OutputInfo } from "sharp";
import type { ImageFacts, ImageFormat } from "./content-image";

type Sharp = typeof SharpModule;

/*
 * Build-time image processing with sharp (docs/decisions/093): each source
 * image under content/images/ becomes WebP and a JPEG fallback at a few
 * widths, named by the source's hash so a browser and the deploy's asset
 * store keep them forever. Every output, and the list of outputs, is kept in
 * the build cache under the SHA-256 of the source and the settings, so a
 * rebuild with the same images runs no encoder. Imported by the Vite plugin
 * (vite.config.ts) and `npm run check:content`, never by the running server:
 * sharp loads only here, and only while building or checking.
 */

/** Widths made of each image, at most its own; the site's columns are 390 to 1,280 px wide at 1x and 2x. */
export const variantWidths: readonly number[] = [390, 640, 960, 1280];

/** The encoders' settings; part of every cache key, so a change re-encodes. */
const settings = {
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 76, mozjpeg: true },
  widths: variantWidths,
  version: 2,
};

export type ProcessedImage = {
  facts: ImageFacts;
  /** The variants' bytes by file name. */
  files: Map<string, Buffer>;
};

/** "Product overview.PNG" as "product-overview", for readable asset names. */
function baseName(file: string): string {
  const stem = path.basename(file).replace(/\.[^.]+$/, "");
  return (
    stem
      .toLowerCase()
      .replaceAll(/[^a-z0-9]+/g, "-")
      .replaceAll(/^-|-$/g, "") || "image"
  );
}

/**
 * The variants of one source image (the bytes of a file such as
 * content/images/posts/x.jpg) and its facts, read from the build cache when
 * the same bytes were processed before. A file sharp cannot read throws.
 */
export function processImage(file: string, source: Buffer): Promise<ProcessedImage> {
  // One image at a time: Vite asks for every image of the glob at once, and
  // each encoder decodes the whole source (about 15 MB for 2400x1500).
  const processed = queue.then(() => processOne(file, source));
  queue = processed.catch(() => undefined);
  return processed;
}

let queue: Promise<unknown> = Promise.resolve();

async function processOne(file: string, source: Buffer): Promise<ProcessedImage> {
  const { default: sharp } = await import("sharp");
  const key = contentKey(JSON.stringify(settings), sharp.versions.vips, source);
  const name = `${baseName(file)}-${key.slice(0, 10)}`;
  // The source's size as shown (EXIF orientation applied), kept so a rebuild decodes nothing.
  const size = await cachedBytes("images", key, async () => {
    const { autoOrient } = await sharp(source).metadata();
    return Buffer.from(JSON.stringify({ width: autoOrient.width, height: autoOrient.height }));
  });
  const { width, height } = JSON.parse(size.toString("utf8")) as { width: number; height: number };
  const widths = variantWidths.filter((candidate) => candidate < width);
  if (widths.length < variantWidths.length) widths.push(width);
  const files = new Map<string, Buffer>();
  // The source decoded once, oriented, on white and no wider than the widest
  // variant, for every encoder that has no cached output: a 3000 px JPEG is
  // decoded once, not once per variant.
  let decoded: Promise<{ data: Buffer; info: OutputInfo }> | undefined;
  const base = () =>
    (decoded ??= sharp(source)
      .rotate()
      .resize({ width: Math.max(...widths), withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .raw()
      .toBuffer({ resolveWithObject: true }));
  const variants = await Promise.all(
    widths.flatMap((variantWidth) =>
      (["webp", "jpeg"] as const).map(async (format) => {
        const bytes = await cachedBytes("images", `${key}-${format}-${variantWidth}`, async () =>
          encode(sharp, await base(), format, variantWidth),
        );
        const file = `${name}-${variantWidth}.${format === "jpeg" ? "jpg" : format}`;
        files.set(file, bytes);
        return {
          format,
          width: variantWidth,
          height: Math.round((height * variantWidth) / width),
          file,
          bytes: bytes.length,
        };
      }),
    ),
  );
  const facts: ImageFacts = { width, height, sourceBytes: source.length, variants };
  return { facts, files };
}

async function encode(
  sharp: Sharp,
  { data, info }: { data: Buffer; info: OutputInfo },
  format: ImageFormat,
  width: number,
): Promise<Buffer> {
  // A transparent PNG was laid on white: the fallback is JPEG, and both formats must look alike.
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const resized = sharp(data, { raw }).resize({ width });
  return format === "webp"
    ? resized.webp(settings.webp).toBuffer()
    : resized.jpeg(settings.jpeg).toBuffer();
}
