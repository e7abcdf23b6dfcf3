import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildStampFile, builtEntry, rebuildReason, writeBuildStamp } from "./build-stamp";

/*
 * A project folder in miniature: one source file and a build made after it,
 * stamped the way scripts/build-server.ts stamps a real build.
 */
describe("the build stamp", () => {
  let root: string;
  const sources = ["app"];
  const source = () => path.join(root, "app", "root.tsx");
  const entry = () => path.join(root, builtEntry);

  /** Sets a file's modification time, in seconds from now. */
  const touch = (file: string, secondsFromNow: number) => {
    const at = new Date(Date.now() + secondsFromNow * 1000);
    utimesSync(file, at, at);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "corvanta-build-stamp-"));
    mkdirSync(path.join(root, "app"));
    writeFileSync(source(), "export {};\n");
    touch(source(), -60);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** What `npm run build` leaves behind: the server entry, then the stamp. */
  function build(env: NodeJS.ProcessEnv) {
    mkdirSync(path.dirname(entry()), { recursive: true });
    writeFileSync(entry(), "// built\n");
    writeBuildStamp(root, env);
  }

  it("asks for a build when there is none", () => {
    expect(rebuildReason(root, {}, sources)).toBe("No build found: building the site.");
  });

  it("finds nothing to do right after a build, for the same SITE_URL", () => {
    build({});
    expect(rebuildReason(root, {}, sources)).toBeUndefined();
    build({ SITE_URL: "https://www.corvanta.example" });
    expect(rebuildReason(root, { SITE_URL: "https://www.corvanta.example" }, sources)).toBe(
      undefined,
    );
  });

  it("treats SITE_URLs with the same origin as the same build", () => {
    build({});
    for (const siteUrl of ["", "http://localhost:3000", "http://localhost:3000/"]) {
      expect(rebuildReason(root, { SITE_URL: siteUrl }, sources), siteUrl).toBeUndefined();
    }
  });

  it("rebuilds for another SITE_URL, or when the stamp is missing", () => {
    build({});
    expect(rebuildReason(root, { SITE_URL: "https://www.corvanta.example" }, sources)).toBe(
      "SITE_URL changed: rebuilding the site.",
    );
    rmSync(path.join(root, buildStampFile));
    expect(rebuildReason(root, {}, sources)).toBe("SITE_URL changed: rebuilding the site.");
  });

  it("rebuilds when a source is newer than the build", () => {
    build({});
    touch(source(), 60);
    expect(rebuildReason(root, {}, sources)).toBe("Sources changed: rebuilding the site.");
  });

  it("rebuilds for an invalid SITE_URL, so that the build names the mistake", () => {
    build({});
    expect(rebuildReason(root, { SITE_URL: "not a url" }, sources)).toBe(
      "SITE_URL changed: rebuilding the site.",
    );
  });
});
