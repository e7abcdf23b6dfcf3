import type { CompressionOptions } from "compression";
import { constants } from "node:zlib";

/**
 * compression()'s settings for what is compressed per response: pages with a form token, the
 * not-found page, the build's uncompressed files. Its brotli quality stays at the package's 4; the
 * window is 128 KB instead of brotli's default 4 MB, which every response allocates: the largest
 * page is about 115 KB, so it still fits whole and compresses to the same size.
 */
export const compressionOptions: CompressionOptions = {
  brotli: { params: { [constants.BROTLI_PARAM_LGWIN]: 17 } },
};
