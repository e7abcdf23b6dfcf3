import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * Zopfli for the render cache's pages (docs/decisions/067): the first fixed
 * part of a cached page (everything before the first per-response value,
 * most of the page) compressed as a raw deflate that ends on a byte boundary
 * and is not final, so the spliced gzip of server/render-cache.ts can go on
 * after it. Zopfli makes it 3-4% smaller than zlib's level 9, which is what
 * brings /events into the first ten TCP segments.
 *
 * Zopfli takes 100 to 350 ms on a page, so it runs on a worker thread, after
 * the page is cached: the first responses get zlib's level 9, the later ones
 * Zopfli's. Results are kept by the part's hash, so a page rendered again
 * each minute with the same text is compressed once, not every minute. The
 * worker starts with the first part and ends once it has been idle a while.
 */

/** Keeps only the latest pages' results; a part is about 60 KB and compresses to 12. */
const maxRemembered = 64;
const workerIdleMs = 30_000;
/** Zopfli splits past a megabyte even without block splitting; pages never come near. */
const maxPartBytes = 900_000;

/**
 * The worker, as CommonJS source: a file of its own would need one build for
 * the bundled server and another for the TypeScript one that dev and tests
 * run. It compresses without block splitting, so the output is one block
 * whose header is its first three bits: the block is made not final by
 * clearing bit 0. The block's last byte is padded with zero bits; an empty
 * stored block (the sync flush marker) then ends it on a byte boundary. Its
 * three header bits are zeros too, in the padding when at least three bits
 * are left there, or in a byte of their own: whichever inflates back to the
 * part is the one sent.
 */
// It keeps its own copy of render-cache.ts's `finalBlock`: eval'd code imports nothing of ours.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { inflateRawSync } = require("node:zlib");
const { deflate } = require(workerData.zopfli);
const finalBlock = Buffer.from([0x03, 0x00]);
parentPort.on("message", ({ id, text }) => {
  const input = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  deflate(input, { numiterations: 5, blocksplitting: false }, (error, output) => {
    let result = null;
    if (!error && output.length > 0 && (output[0] & 1) === 1) {
      const block = Buffer.from(output);
      block[0] &= 0xfe;
      for (const flush of [[0, 0, 0xff, 0xff], [0, 0, 0, 0xff, 0xff]]) {
        const candidate = Buffer.concat([block, Buffer.from(flush)]);
        try {
          if (inflateRawSync(Buffer.concat([candidate, finalBlock])).equals(input)) {
            result = candidate;
            break;
          }
        } catch {}
      }
    }
    parentPort.postMessage({ id, result });
  });
});
`;

type Job = { worker: Worker; resolve: (deflated: Buffer | undefined) => void };

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
const jobs = new Map<number, Job>();
const remembered = new Map<string, Buffer>();

function startWorker(): Worker {
  const started = new Worker(workerSource, {
    eval: true,
    workerData: { zopfli: createRequire(import.meta.url).resolve("@gfx/zopfli") },
  });
  // Never what keeps the process alive: a shutdown does not wait for it.
  started.unref();
  started.on("message", ({ id, result }: { id: number; result: Uint8Array | null }) => {
    const job = jobs.get(id);
    jobs.delete(id);
    job?.resolve(
      result ? Buffer.from(result.buffer, result.byteOffset, result.byteLength) : undefined,
    );
    if (jobs.size === 0) {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => void stopWorker(), workerIdleMs).unref();
    }
  });
  // A worker that fails or is stopped leaves its jobs' parts as zlib made
  // them; the next part starts another.
  const failed = () => {
    if (worker === started) worker = undefined;
    for (const [id, job] of jobs) {
      if (job.worker !== started) continue;
      jobs.delete(id);
      job.resolve(undefined);
    }
  };
  started.on("error", failed);
  started.on("exit", failed);
  return started;
}

async function stopWorker() {
  const stopping = worker;
  worker = undefined;
  await stopping?.terminate();
}

/** What Zopfli made of this part before, if it did and it is still remembered. */
export function rememberedZopfliPart(text: Buffer): Buffer | undefined {
  return remembered.get(partKey(text));
}

/**
 * The part compressed by Zopfli, non-final and byte-aligned, or undefined
 * when it could not be (too large, or the worker failed). Remembered by hash.
 */
export function zopfliPart(text: Buffer): Promise<Buffer | undefined> {
  const key = partKey(text);
  const known = remembered.get(key);
  if (known) return Promise.resolve(known);
  if (text.length === 0 || text.length > maxPartBytes) return Promise.resolve(undefined);
  clearTimeout(idleTimer);
  const running = (worker ??= startWorker());
  const id = nextId++;
  return new Promise<Buffer | undefined>((resolve) => {
    jobs.set(id, { worker: running, resolve });
    // A copy: the part is a view into the page, which must stay as it is.
    running.postMessage({ id, text: Uint8Array.from(text) });
  }).then((deflated) => {
    if (deflated) {
      if (remembered.size >= maxRemembered) {
        const oldest = remembered.keys().next();
        if (!oldest.done) remembered.delete(oldest.value);
      }
      remembered.set(key, deflated);
    }
    return deflated;
  });
}

function partKey(text: Buffer): string {
  return createHash("sha256").update(text).digest("base64url");
}
