import { deflateRawSync, inflateRawSync, constants as zlib } from "node:zlib";
import { describe, expect, it } from "vitest";
import { rememberedZopfliPart, zopfliPart } from "./zopfli-part";
import { finalBlock, storedBlock } from "./render-cache";

/** Pages of different lengths, so both ways the block's last byte can end are met. */
const pages = Array.from({ length: 8 }, (_, index) =>
  Buffer.from(
    `<!DOCTYPE html><html lang="en-GB"><body>${Array.from(
      { length: 40 + index * 7 },
      (_, card) =>
        `<article class="rounded-2xl border p-${card % 5}"><h3>Event ${card * 31}</h3><p>${"Round tables, workshops and talks. ".repeat(1 + (card % 3))}</p></article>`,
    ).join("")}`,
  ),
);

describe("zopfliPart", () => {
  it("compresses a part into a non-final deflate that ends on a byte boundary", async () => {
    for (const page of pages) {
      const deflated = await zopfliPart(page);
      expect(deflated, `a page of ${page.length} bytes`).toBeDefined();
      if (!deflated) continue;
      // Alone, ended by a final block: the part again.
      expect(inflateRawSync(Buffer.concat([deflated, finalBlock])).equals(page)).toBe(true);
      // Followed by a stored block, as a per-response value is spliced in: the value follows the part.
      const value = Buffer.from("nonce-value");
      expect(
        inflateRawSync(Buffer.concat([deflated, storedBlock(value), finalBlock])).toString(),
      ).toBe(`${page.toString()}nonce-value`);
    }
  });

  it("is smaller than zlib's level 9 and remembers the result by the part's text", async () => {
    const page = pages[3]!;
    const deflated = await zopfliPart(page);
    const level9 = deflateRawSync(page, { level: 9, finishFlush: zlib.Z_SYNC_FLUSH });
    expect(deflated!.length).toBeLessThan(level9.length);
    expect(rememberedZopfliPart(Buffer.from(page))).toEqual(deflated);
    expect(rememberedZopfliPart(Buffer.from("never compressed"))).toBeUndefined();
  });
});
