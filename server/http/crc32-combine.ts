/**
 * CRC-32 (the gzip trailer's checksum) of a concatenation from the CRCs of its
 * parts, as zlib's crc32_combine does since 1.2.12: appending `n` bytes to a
 * message multiplies its CRC by x^(8n) modulo the CRC polynomial, in GF(2).
 * The render cache (server/render-cache.ts) takes each fixed part's CRC and
 * that multiplier once, when it fills, so a response's checksum costs a few
 * multiplications per part instead of a pass over the whole page. (zlib's
 * older 32x32 bit-matrix method computes the same; this one needs no matrices
 * and lets the multiplier for a part's length be kept.)
 */

/** The CRC-32 polynomial, bit-reversed (zlib's POLY). */
const polynomial = 0xedb88320;

/** a * b modulo the polynomial; both are bit-reversed, as CRC-32 values are. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let m = 0x80000000;
  let factor = b >>> 0;
  a >>>= 0;
  while (a !== 0 && m !== 0) {
    if (a & m) {
      product ^= factor;
      a &= ~m >>> 0;
      a >>>= 0;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ polynomial : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0 to 31 (zlib's x2n_table). */
const powersOfTwo: number[] = [];
for (let p = 0x40000000, k = 0; k < 32; k++) {
  powersOfTwo.push(p);
  p = multiplyModP(p, p);
}

/** The multiplier that appends `byteLength` bytes: x^(8 * byteLength) modulo the polynomial. */
export function crc32Shift(byteLength: number): number {
  let power = 0x80000000; // x^0
  let k = 3; // 8 = 2^3: start at x^(2^3), one byte
  for (let n = byteLength; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) power = multiplyModP(powersOfTwo[k % 32] ?? 0, power);
  }
  return power;
}

/** CRC-32 of A followed by B, given CRC(A), CRC(B) and crc32Shift(length of B). */
export function crc32CombineShifted(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

/** CRC-32 of A followed by B, given CRC(A), CRC(B) and the length of B (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return crc32CombineShifted(crcA, crcB, crc32Shift(lengthB));
}
