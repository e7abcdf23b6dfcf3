import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/*
 * deploy/switch and deploy/prune on a release home of their own, with small
 * stand-in releases (a server entry and a few assets each): which hashed
 * assets the store Caddy serves /assets/ from holds after each switch and
 * each prune. npm run test:deploy runs the same scripts with real builds
 * under load; this covers what it cannot reach in its two releases: a store
 * kept across many releases, and its pruning.
 */

let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), "corvanta-asset-store-"));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  CORVANTA_HOME: home,
  // Nothing to reload or restart: the test has no Caddy and no instances.
  CORVANTA_RELOAD_PROXY: "true",
  ...extra,
});

/**
 * A release as deploy/release leaves it: build/server/main.js, hashed assets
 * (each file its own inode) and its `node` link (deploy/switch refuses a
 * release whose Node does not run).
 */
function makeRelease(id: string, assets: string[]) {
  const dir = path.join(home, "releases", id);
  mkdirSync(path.join(dir, "build/server"), { recursive: true });
  mkdirSync(path.join(dir, "build/client/assets"), { recursive: true });
  writeFileSync(path.join(dir, "build/server/main.js"), "");
  symlinkSync(process.execPath, path.join(dir, "node"));
  for (const name of assets) writeFileSync(path.join(dir, "build/client/assets", name), name);
}

const switchTo = (id: string) =>
  execFileSync("deploy/switch", [id, "--no-restart"], { env: env(), stdio: "pipe" });
const prune = (keep: number) =>
  execFileSync("deploy/prune", [], { env: env({ CORVANTA_KEEP: String(keep) }), stdio: "pipe" });
const store = () => readdirSync(path.join(home, "shared/assets")).sort();
const releases = () => readdirSync(path.join(home, "releases")).sort();
const ids = ["20261101-000000-a", "20261102-000000-b", "20261103-000000-c", "20261104-000000-d"];

describe("the asset store (deploy/switch, deploy/prune)", () => {
  it("holds the incoming and outgoing releases' assets after a switch, as hard links, and is what Caddy serves /assets/ from", () => {
    // app.css is unchanged between releases: the same name, as a content hash gives.
    ids.forEach((id, n) => makeRelease(id, ["app.css", `page-${n}.js`]));

    switchTo(ids[0]!);
    expect(store()).toEqual(["app.css", "page-0.js"]);
    switchTo(ids[1]!);
    expect(store()).toEqual(["app.css", "page-0.js", "page-1.js"]);
    expect(readlinkSync(path.join(home, "current"))).toBe(`releases/${ids[1]}`);
    expect(readlinkSync(path.join(home, "previous"))).toBe(`releases/${ids[0]}`);

    // The store's files are the releases' own (hard links), not copies.
    const linked = statSync(path.join(home, "shared/assets/page-1.js"));
    expect(linked.ino).toBe(
      statSync(path.join(home, "releases", ids[1]!, "build/client/assets/page-1.js")).ino,
    );

    // Caddy's part of the configuration serves /assets/ from the store alone.
    const caddy = readFileSync(path.join(home, "proxy/site.caddy"), "utf8");
    expect(caddy).toContain(`root "${path.join(home, "shared")}"`);
    expect(caddy).not.toContain("previous");
  });

  it("prunes the releases past CORVANTA_KEEP and, by name, the assets no kept release has", () => {
    ids.forEach((id, n) => makeRelease(id, ["app.css", `page-${n}.js`]));
    for (const id of ids) switchTo(id);
    expect(store()).toEqual(["app.css", "page-0.js", "page-1.js", "page-2.js", "page-3.js"]);

    // Back to c: d becomes previous; both are kept whatever CORVANTA_KEEP says.
    switchTo(ids[2]!);
    prune(1);
    expect(releases()).toEqual([ids[2], ids[3]]);
    // app.css in the store is a's inode (linked first), and a is gone: it
    // stays, since c and d have a file of that name.
    expect(store()).toEqual(["app.css", "page-2.js", "page-3.js"]);
    expect(existsSync(path.join(home, "releases", ids[0]!))).toBe(false);
  });

  it("says which release is current when the proxy's reload fails after the switch", () => {
    makeRelease(ids[0]!, ["page-0.js"]);
    let failure: { status: number; stderr: Buffer } | undefined;
    try {
      execFileSync("deploy/switch", [ids[0]!, "--no-restart"], {
        env: env({ CORVANTA_RELOAD_PROXY: "false" }),
        stdio: "pipe",
      });
    } catch (error) {
      failure = error as { status: number; stderr: Buffer };
    }
    expect(failure?.status).toBe(1);
    expect(String(failure?.stderr)).toContain(
      `Release ${ids[0]} is current, but reloading the proxy failed (false)`,
    );
    expect(readlinkSync(path.join(home, "current"))).toBe(`releases/${ids[0]}`);
  });

  it("keeps everything while there are no more releases than CORVANTA_KEEP", () => {
    ids.forEach((id, n) => makeRelease(id, [`page-${n}.js`]));
    for (const id of ids) switchTo(id);
    prune(5);
    expect(releases()).toEqual(ids);
    expect(store()).toEqual(["page-0.js", "page-1.js", "page-2.js", "page-3.js"]);
  });
});
