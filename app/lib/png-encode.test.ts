import { Resvg } from "@resvg/resvg-js";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodePng } from "~/lib/png-encode.server";
import { pngSize } from "~/lib/png-size";

/** Pixels with every channel varying, alpha 255 or a gradient. */
function pixels(width: number, height: number, opaque: boolean): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let index = 0; index < width * height; index++) {
    rgba.set(
      [(index * 7) % 256, (index * 13) % 256, (index * 29) % 256, opaque ? 255 : index % 256],
      index * 4,
    );
  }
  return rgba;
}

/** Reads the pixels back with resvg, which draws the PNG inside an SVG. */
function decode(png: Buffer, width: number, height: number): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}"><image width="${width}" height="${height}" xlink:href="data:image/png;base64,${png.toString("base64")}"/></svg>`;
  return new Resvg(svg).render().pixels;
}

function idat(png: Buffer): { colourType: number; rows: Buffer } {
  const chunks: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    if (type === "IDAT") chunks.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  return { colourType: png[25] ?? -1, rows: inflateSync(Buffer.concat(chunks)) };
}

describe("encodePng", () => {
  it("writes opaque pixels as RGB that a decoder reads back unchanged", async () => {
    const rgba = pixels(37, 11, true);
    const png = await encodePng(rgba, 37, 11);
    expect(pngSize(png)).toEqual({ width: 37, height: 11 });
    expect(idat(png).colourType).toBe(2);
    expect(Buffer.from(decode(png, 37, 11))).toEqual(Buffer.from(rgba));
  });

  it("keeps the alpha channel when a pixel is not opaque", async () => {
    const rgba = pixels(5, 3, false);
    const { colourType, rows } = idat(await encodePng(rgba, 5, 3));
    expect(colourType).toBe(6);
    const expected = Buffer.concat(
      [0, 1, 2].map((y) =>
        Buffer.concat([Buffer.from([0]), Buffer.from(rgba.subarray(y * 20, y * 20 + 20))]),
      ),
    );
    expect(rows).toEqual(expected);
  });

  it("refuses pixels that do not match the size", async () => {
    await expect(encodePng(new Uint8Array(12), 2, 2)).rejects.toThrow();
  });
});
