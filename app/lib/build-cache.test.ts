import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildCacheDir, cachedBytes, contentKey, pruneBuildCache } from "~/lib/build-cache.server";

let dir: string;
const previous = process.env.BUILD_CACHE_DIR;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "corvanta-build-cache-test-"));
  process.env.BUILD_CACHE_DIR = dir;
});
afterEach(() => {
  if (previous === undefined) delete process.env.BUILD_CACHE_DIR;
  else process.env.BUILD_CACHE_DIR = previous;
  rmSync(dir, { recursive: true, force: true });
});

function entries(): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the build cache", () => {
  it("lives where BUILD_CACHE_DIR says, else in node_modules/.cache/corvanta", () => {
    expect(buildCacheDir()).toBe(dir);
    delete process.env.BUILD_CACHE_DIR;
    expect(buildCacheDir()).toBe(path.join(process.cwd(), "node_modules", ".cache", "corvanta"));
  });

  it("keys by every input, so no two lists of inputs share a key", () => {
    expect(contentKey("a", "b")).toBe(contentKey("a", "b"));
    expect(contentKey("ab", "")).not.toBe(contentKey("a", "b"));
    expect(contentKey("brotli-10", Buffer.from("x"))).not.toBe(
      contentKey("brotli-11", Buffer.from("x")),
    );
    expect(contentKey("x")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("makes an output once and reads it back for the same key", async () => {
    let made = 0;
    const make = async () => {
      made += 1;
      return new TextEncoder().encode("card bytes");
    };
    const first = await cachedBytes("cards", contentKey("svg 1"), make);
    const second = await cachedBytes("cards", contentKey("svg 1"), make);
    expect(made).toBe(1);
    expect(second.toString()).toBe("card bytes");
    expect(second).toEqual(first);
    await cachedBytes("cards", contentKey("svg 2"), make);
    expect(made).toBe(2);
    expect(entries()).toHaveLength(2);
    expect(entries().some((file) => file.endsWith(".tmp"))).toBe(false);
  });

  it("keeps nothing when making fails", async () => {
    await expect(
      cachedBytes("cards", contentKey("broken"), () => Promise.reject(new Error("no font"))),
    ).rejects.toThrow("no font");
    expect(entries()).toEqual([]);
  });

  it("removes entries no build has used for the given days", async () => {
    await cachedBytes("compressed", contentKey("old"), async () => new Uint8Array([1]));
    await cachedBytes("compressed", contentKey("recent"), async () => new Uint8Array([2]));
    const [oldFile] = entries().filter((file) => file.endsWith(contentKey("old")));
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    utimesSync(oldFile!, longAgo, longAgo);
    expect(pruneBuildCache(30)).toBe(1);
    expect(existsSync(oldFile!)).toBe(false);
    expect(entries()).toHaveLength(1);
  });

  it("marks an entry as used when it is read", async () => {
    await cachedBytes("compressed", contentKey("kept"), async () => new Uint8Array([1]));
    const [file] = entries();
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    utimesSync(file!, longAgo, longAgo);
    await cachedBytes("compressed", contentKey("kept"), () =>
      Promise.reject(new Error("not again")),
    );
    expect(pruneBuildCache(30)).toBe(0);
  });
});
