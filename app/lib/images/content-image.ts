import { imageBudget } from "~/config/budgets";

/*
 * A content image as the pages and the loaders see it: what sharp made of a
 * source file under content/images/ at build time (image-variants.server.ts),
 * with no image library in sight. Content refers to an image by its path
 * below content/images/, written from the site's root: "/images/posts/x.jpg"
 * is content/images/posts/x.jpg (the form the editor writes, decision 093).
 */

export type ImageFormat = "webp" | "jpeg";

export type ImageVariant = {
  format: ImageFormat;
  width: number;
  height: number;
  /** The file's name under /assets/, named by the source's hash. */
  file: string;
  bytes: number;
};

/** One source image: its size as shown (EXIF orientation applied) and its variants. */
export type ImageFacts = {
  width: number;
  height: number;
  sourceBytes: number;
  variants: ImageVariant[];
};

/**
 * Every content image by its reference ("/images/posts/x.jpg"): its facts, the
 * reason sharp could not read it, or undefined where it was only listed.
 */
export type ContentImages = ReadonlyMap<string, ImageFacts | { error: string } | undefined>;

/** The folder of the sources, and the prefix a reference to one starts with. */
export const imageSourceFolder = "content/images";
export const imageReferencePrefix = "/images/";

/** "/images/posts/x.jpg" for content/images/posts/x.jpg. */
export function referenceOf(sourcePath: string): string {
  return imageReferencePrefix + sourcePath.replace(/^\/?content\/images\//, "");
}

/** What the page needs to draw an image: a modern srcset, a fallback, and its size. */
export type Picture = {
  alt: string;
  width: number;
  height: number;
  /** WebP, every width. */
  webpSrcset: string;
  /** JPEG, every width, and the middle one as `src`. */
  fallbackSrcset: string;
  fallbackSrc: string;
};

const url = (variant: ImageVariant) => `/assets/${variant.file}`;
const srcset = (variants: readonly ImageVariant[]) =>
  variants.map((variant) => `${url(variant)} ${variant.width}w`).join(", ");

/** The page's picture for an image's facts. */
export function pictureOf(facts: ImageFacts, alt: string): Picture {
  const webp = facts.variants.filter((variant) => variant.format === "webp");
  const jpeg = facts.variants.filter((variant) => variant.format === "jpeg");
  const fallback = jpeg.find((variant) => variant.width >= 960) ?? jpeg.at(-1);
  return {
    alt,
    width: facts.width,
    height: facts.height,
    webpSrcset: srcset(webp),
    fallbackSrcset: srcset(jpeg),
    fallbackSrc: fallback ? url(fallback) : "",
  };
}

/**
 * Why a reference cannot be shown, in an author's words, or undefined when it
 * can: a file that is not there, or one over the budget (app/config/budgets.ts).
 * `images` holds the facts where the build made them; a reference found with
 * no facts (a plain Node reader that only listed the files) passes on size.
 */
export function imageProblem(reference: string, images: ContentImages): string | undefined {
  if (!reference.startsWith(imageReferencePrefix)) {
    return `“${reference}” must be the path of a file in ${imageSourceFolder}/, written from ${imageReferencePrefix} (e.g. ${imageReferencePrefix}posts/cover.jpg)`;
  }
  if (!images.has(reference)) {
    const file = imageSourceFolder + "/" + reference.slice(imageReferencePrefix.length);
    return `“${reference}” is not there: no file ${file} (add it, or correct the path)`;
  }
  const facts = images.get(reference);
  if (facts && "error" in facts) return `“${reference}” cannot be read as an image: ${facts.error}`;
  return facts ? budgetProblem(facts) : undefined;
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

function budgetProblem(facts: ImageFacts): string | undefined {
  if (facts.sourceBytes > imageBudget.sourceBytes) {
    return `the file is ${kb(facts.sourceBytes)}; a source image may be at most ${kb(imageBudget.sourceBytes)}: export it smaller`;
  }
  if (Math.max(facts.width, facts.height) > imageBudget.sourcePixels) {
    return `the image is ${facts.width}x${facts.height} px; a source image may be at most ${imageBudget.sourcePixels} px on its longer side`;
  }
  const phone = facts.variants.find(
    (variant) => variant.format === "webp" && variant.width <= imageBudget.phoneWidth,
  );
  if (phone && phone.bytes > imageBudget.phoneBytes) {
    return `its ${phone.width} px WebP is ${kb(phone.bytes)}, over the ${kb(imageBudget.phoneBytes)} a phone may load for one image: use a simpler or less noisy picture`;
  }
  return undefined;
}
