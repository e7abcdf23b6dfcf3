import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  environmentBefore,
  nodeOptionsBefore,
  serverEnvironment,
  serverNodeOptions,
} from "./production-server";

const entry = "build/server/main.js";

/** The Node options the service unit starts the server with (there is no container image: decision 098). */
function deployedOptions() {
  const unit = readFileSync("deploy/corvanta@.service", "utf8");
  const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1];
  return { service: nodeOptionsBefore(entry, execStart ?? "") };
}

describe("the server's Node options (docs/decisions/064)", () => {
  it("are read from npm start's script, where they are written once", () => {
    expect(serverNodeOptions()).toContain("--max-semi-space-size=2");
  });

  it("are the same in the systemd unit", () => {
    const options = serverNodeOptions();
    expect(deployedOptions()).toEqual({ service: options });
  });

  it("come with the same malloc setting in npm start and the systemd unit", () => {
    const tunables = serverEnvironment().GLIBC_TUNABLES;
    expect(tunables).toBe("glibc.malloc.mmap_threshold=131072");
    const unit = readFileSync("deploy/corvanta@.service", "utf8");
    expect(/^Environment=GLIBC_TUNABLES=(\S+)$/m.exec(unit)?.[1]).toBe(tunables);
    expect(environmentBefore(entry, `tsx a.ts && A=1 B=x=y node --c ${entry}`)).toEqual({
      A: "1",
      B: "x=y",
    });
  });

  it("are found between node and the entry, whatever the paths", () => {
    expect(nodeOptionsBefore(entry, `tsx a.ts && node --a=1 --b ${entry}`)).toEqual([
      "--a=1",
      "--b",
    ]);
    expect(nodeOptionsBefore(entry, `/usr/bin/node /srv/x/current/${entry}`)).toEqual([]);
    expect(() => nodeOptionsBefore(entry, "tsx server/dev.ts")).toThrow(/no "node … build/);
  });

  it("are not kept in package.json's config, which npm 11 warns about on every command", () => {
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { config?: object };
    expect(manifest.config).toBeUndefined();
  });
});
