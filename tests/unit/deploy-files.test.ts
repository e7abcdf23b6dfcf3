import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEnv } from "../../server/env";

/*
 * The files in deploy/ as docs/operations.md has an operator use them (issue
 * 41, "The docs' own steps fail"): the environment file, read by systemd and
 * by the shell; the unit's Documentation=; the health check's figures.
 */

const envExample = "deploy/corvanta.env.example";

/** The variables the shell sets from `file` (`set -a; . file`), in an otherwise empty environment. */
function sourced(file: string): {
  status: number | null;
  stderr: string;
  vars: Map<string, string>;
} {
  const result = spawnSync("sh", ["-c", 'set -a; . "$1"; exec env -0', "sh", path.resolve(file)], {
    env: { PATH: process.env.PATH },
    encoding: "utf8",
  });
  const vars = new Map(
    result.stdout
      .split("\0")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  return { status: result.status, stderr: result.stderr, vars };
}

/**
 * What systemd's EnvironmentFile= makes of the assignments, for the one form
 * the file's header allows: KEY=value, or KEY="value" (quotes dropped), with
 * no $, ` or \ anywhere (which systemd and the shell read differently).
 */
function systemdReading(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const match = /^([A-Z_][A-Z0-9_]*)=("[^"$`\\]*"|[^\s"'$`\\<>|&;()#]*)$/.exec(line);
    expect(match, `${envExample}: "${line}" is read differently by systemd and sh`).not.toBeNull();
    vars.set(match![1]!, match![2]!.replace(/^"(.*)"$/, "$1"));
  }
  return vars;
}

describe(envExample, () => {
  const text = readFileSync(envExample, "utf8");

  it("is read alike by the shell (set -a; . file) and systemd, and the server takes what it sets", () => {
    const shell = sourced(envExample);
    expect(shell.status, shell.stderr).toBe(0);
    const systemd = systemdReading(text);
    expect(systemd.size).toBeGreaterThan(5);
    for (const [key, value] of systemd) expect(shell.vars.get(key), key).toBe(value);
    expect(() => readEnv(Object.fromEntries(systemd))).not.toThrow();
  });

  it("stays readable with its commented settings switched on", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "corvanta-env-"));
    try {
      const file = path.join(dir, "corvanta.env");
      const uncommented = text.replace(/^# ([A-Z_][A-Z0-9_]*=)/gm, "$1");
      expect(uncommented).not.toBe(text);
      writeFileSync(file, uncommented);
      const shell = sourced(file);
      expect(shell.status, shell.stderr).toBe(0);
      for (const [key, value] of systemdReading(uncommented)) {
        expect(shell.vars.get(key), key).toBe(value);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("drains longer than Caddy's health check takes to notice, with the Caddyfile's figures", () => {
    const caddyfile = readFileSync("deploy/Caddyfile", "utf8");
    const seconds = (name: string) =>
      Number(new RegExp(`^\\s*${name} (\\d+)s$`, "m").exec(caddyfile)?.[1]);
    const interval = seconds("health_interval");
    const timeout = seconds("health_timeout");
    expect(interval).toBeGreaterThan(0);
    expect(timeout).toBeGreaterThan(0);
    const drainMs = Number(systemdReading(text).get("SHUTDOWN_DRAIN_MS"));
    expect(drainMs).toBeGreaterThan((interval + timeout) * 1000);
    // The comment beside it states the same figures.
    expect(text).toContain(`(every ${interval} s, ${timeout} s timeout)`);
  });
});

describe("deploy/corvanta@.service", () => {
  it("points Documentation= at files the server has: the source checkout's docs/", () => {
    const unit = readFileSync("deploy/corvanta@.service", "utf8");
    const links = [...unit.matchAll(/^Documentation=(.+)$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      // docs/operations.md's layout: the checkout releases are built from is /srv/corvanta/src.
      const inCheckout = /^file:\/\/\/srv\/corvanta\/src\/(.+)$/.exec(link)?.[1];
      expect(inCheckout, `${link} is not in /srv/corvanta/src`).toBeDefined();
      expect(existsSync(inCheckout!), link).toBe(true);
    }
  });
});
