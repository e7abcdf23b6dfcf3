import { promisify } from "node:util";
import { crc32, deflate } from "node:zlib";

// zlib's asynchronous deflate runs on libuv's thread pool, so the build's
// main thread renders the next page while a card is compressed.
const deflateAsync = promisify(deflate);

/**
 * How encodePng encodes, for keys of what it made (the build cache, decision
 * 071): change it with the encoding, or pictures encoded the old way are reused.
 */
export const pngEncoding =
  "png: RGB when opaque, else RGBA; filter none; deflate level 6, memLevel 9";

/**
 * Encodes raw RGBA pixels as a PNG, losslessly: RGB when every pixel is opaque
 * (a quarter less to store), RGBA otherwise; no row filter, which suits flat
 * art with smooth gradients best, and deflate at level 6. resvg's own encoder
 * made each 1200x630 social card about 205 KB; this makes the same pixels
 * about 86 KB, under the 100 KB image budget (issue 6). Level 9 made them 3.5%
 * smaller (83 KB) for five times the CPU (85 ms against 17 per card), which
 * every card of a cold build paid (decision 071).
 */
export async function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  if (rgba.length !== width * height * 4)
    throw new Error("encodePng: pixels do not match the size");
  let opaque = true;
  for (let index = 3; index < rgba.length; index += 4) {
    if (rgba[index] !== 255) {
      opaque = false;
      break;
    }
  }
  const channels = opaque ? 3 : 4;
  const stride = width * channels;
  const rows = new Uint8Array((stride + 1) * height);
  if (opaque) {
    // Each row's first byte, filter type 0 (none), stays 0.
    for (let y = 0, from = 0, to = 1; y < height; y++, to++) {
      for (let x = 0; x < width; x++, from += 4, to += 3) {
        rows[to] = rgba[from] ?? 0;
        rows[to + 1] = rgba[from + 1] ?? 0;
        rows[to + 2] = rgba[from + 2] ?? 0;
      }
    }
  } else {
    for (let y = 0; y < height; y++)
      rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = opaque ? 2 : 6; // colour type: RGB or RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflateAsync(rows, { level: 6, memLevel: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
