import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { socialCardSize } from "~/config/social";
import { pngSize } from "~/lib/png-size";
import { renderSocialCard } from "~/site/social-card.server";

let cacheDir: string;
const previous = process.env.BUILD_CACHE_DIR;
beforeEach(() => {
  cacheDir = mkdtempSync(path.join(tmpdir(), "corvanta-social-card-test-"));
  process.env.BUILD_CACHE_DIR = cacheDir;
});
afterEach(() => {
  if (previous === undefined) delete process.env.BUILD_CACHE_DIR;
  else process.env.BUILD_CACHE_DIR = previous;
  rmSync(cacheDir, { recursive: true, force: true });
});

/** The build cache's card entries. */
function cardEntries(): string[] {
  return readdirSync(path.join(cacheDir, "social-cards"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("renderSocialCard", () => {
  it("renders a 1200x630 PNG, also for a long title", async () => {
    for (const title of ["Blockchain", "A long title ".repeat(8).trim()]) {
      const png = await renderSocialCard({ eyebrow: "Services", title });
      expect(pngSize(png)).toEqual(socialCardSize);
    }
  });

  it("keeps a card under its inputs: the same title is read back, another is drawn", async () => {
    const first = await renderSocialCard({ eyebrow: "Blog", title: "Kept between builds" });
    expect(cardEntries()).toHaveLength(1);
    expect(await renderSocialCard({ eyebrow: "Blog", title: "Kept between builds" })).toEqual(
      first,
    );
    expect(cardEntries()).toHaveLength(1);
    await renderSocialCard({ eyebrow: "Blog", title: "Kept between builds, edited" });
    await renderSocialCard({ eyebrow: "Services", title: "Kept between builds" });
    expect(cardEntries()).toHaveLength(3);
  });

  it("serves the kept card without drawing it again", async () => {
    await renderSocialCard({ eyebrow: "Blog", title: "Drawn once" });
    const [entry] = cardEntries();
    // What a later build finds under the key is what it serves: the key is
    // known before satori runs, so a warm build does not lay the card out.
    writeFileSync(entry!, "kept bytes");
    expect((await renderSocialCard({ eyebrow: "Blog", title: "Drawn once" })).toString()).toBe(
      "kept bytes",
    );
  });
});

describe("pngSize", () => {
  it("rejects bytes that are not a PNG", () => {
    expect(pngSize(new TextEncoder().encode("<svg></svg> not a png at all"))).toBeUndefined();
  });
});
