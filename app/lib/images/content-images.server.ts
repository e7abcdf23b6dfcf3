import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { contentRoot } from "~/lib/content/content-files.server";
import {
  imageSourceFolder,
  pictureOf,
  referenceOf,
  type ContentImages,
  type ImageFacts,
  type Picture,
} from "~/lib/images/content-image";

/*
 * Every image under content/images/ and what the build made of it, for the
 * loaders (a reference to a missing or oversized file is a content error with
 * its line) and the pages (srcset, width, height):
 * - under Vite (dev, the build, Vitest), each file is a module the
 *   content-images plugin (vite.config.ts) makes with sharp: its facts and
 *   variants, which the build writes to build/client/assets/ and dev serves;
 *   the server bundle holds the facts only, so the running server needs
 *   neither sharp nor the sources;
 * - in plain Node (the page list, scripts) the files are listed from disk,
 *   without facts, unless `prepareContentImages` made them first
 *   (`npm run check:content` does, so it checks the budgets too).
 */
const sourcePattern = /\.(?:jpe?g|png|webp)$/i;

type Made = ImageFacts | { error: string };

const bundled: Record<string, Made> | undefined = import.meta.env
  ? import.meta.glob<Made>("/content/images/**/*.{jpg,jpeg,png,webp,JPG,JPEG,PNG,WEBP}", {
      query: "?content-image",
      import: "default",
      eager: true,
    })
  : undefined;

let prepared: Map<string, Made> | undefined;

function sourcesOnDisk(): string[] {
  const folder = path.join(contentRoot(), imageSourceFolder);
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && sourcePattern.test(entry.name))
      .map((entry) =>
        path.relative(contentRoot(), path.join(entry.parentPath, entry.name)).replaceAll("\\", "/"),
      );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Outside Vite: processes every source with sharp, so the loaders check the budgets too. */
export async function prepareContentImages(): Promise<void> {
  const { processImage } = await import("~/lib/images/image-variants.server");
  const made = new Map<string, Made>();
  for (const file of sourcesOnDisk()) {
    try {
      const bytes = readFileSync(path.join(contentRoot(), file));
      made.set(referenceOf(file), (await processImage(file, bytes)).facts);
    } catch (error) {
      made.set(referenceOf(file), { error: (error as Error).message });
    }
  }
  prepared = made;
}

const fromBundle: ContentImages | undefined =
  bundled && new Map(Object.entries(bundled).map(([key, made]) => [referenceOf(key), made]));
let listed: ContentImages | undefined;

/** Every content image by its reference ("/images/posts/x.jpg"); no facts where none were made. */
export function contentImages(): ContentImages {
  if (fromBundle) return fromBundle;
  if (prepared) return prepared;
  listed ??= new Map(sourcesOnDisk().map((file) => [referenceOf(file), undefined]));
  return listed;
}

/**
 * The page's picture of a content image, or undefined where the build made no
 * facts for it (plain Node, or a refused file while authoring).
 */
export function pictureFor(image: { src: string; alt: string }): Picture | undefined {
  const facts = contentImages().get(image.src);
  return facts && !("error" in facts) ? pictureOf(facts, image.alt) : undefined;
}
