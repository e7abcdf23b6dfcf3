import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseLeadsArgs } from "../../scripts/leads-command";

/*
 * docs/operations.md as an operator follows it (issue 41: "The docs' own
 * steps fail"): every shell block parses, every npm script, repository file
 * and leads command it names exists, and every tool a block runs is
 * installed by step 1. `npm run test:deploy` runs the recipe itself on
 * loopback; this keeps the written steps from drifting away from it.
 */

const doc = readFileSync("docs/operations.md", "utf8");
const blocks = [...doc.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
/** The blocks' command lines, continuation lines joined, comments left out. */
const lines = blocks
  .flatMap((block) => block.replace(/\\\n\s*/g, " ").split("\n"))
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

describe("docs/operations.md", () => {
  it("has shell blocks that bash parses", () => {
    expect(blocks.length).toBeGreaterThan(10);
    for (const block of blocks) {
      const parsed = spawnSync("bash", ["-n"], { input: block, encoding: "utf8" });
      expect(parsed.status, `${block}\n${parsed.stderr}`).toBe(0);
    }
  });

  it("names npm scripts that exist, with the options they take", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    const runs = [...doc.matchAll(/npm run (?:--silent )?([\w:-]+)/g)].map((m) => m[1]!);
    expect(runs).toEqual(expect.arrayContaining(["release", "backup", "restore", "leads"]));
    for (const script of runs) expect(pkg.scripts, script).toHaveProperty([script]);

    // Each option given to backup or restore is one the script declares.
    for (const line of lines) {
      const call = /npm run (backup|restore) -- (.*)/.exec(line);
      if (!call) continue;
      const source = readFileSync(`scripts/${call[1]}.ts`, "utf8");
      for (const [, option] of call[2]!.matchAll(/--([a-z-]+)/g)) {
        expect(source, `${line}: --${option}`).toMatch(new RegExp(`\\b"?${option}"?: \\{ type`));
      }
    }
  });

  it("gives the leads command arguments it accepts", () => {
    // What the reader fills in.
    const placeholders: Record<string, string> = {
      REGISTRATION_ID: "00000000-0000-4000-8000-000000000001",
    };
    const calls = lines.flatMap((line) =>
      [...line.matchAll(/npm run (?:--silent )?leads -- ([^|&;)]*)/g)].map((m) => m[1]!.trim()),
    );
    expect(calls.length).toBeGreaterThan(2);
    for (const call of calls) {
      // A comment after the command is the reader's, not the command's.
      const argv = call
        .replace(/\s#.*$/, "")
        .trim()
        .split(/\s+/)
        .map((word) => placeholders[word] ?? word);
      const command = parseLeadsArgs(argv);
      // The events it names are the site's.
      for (const flag of ["--event", "--to"]) {
        if (!argv.includes(flag)) continue;
        const slug = argv[argv.indexOf(flag) + 1];
        expect(existsSync(`content/events/${slug}.yaml`), `${call}: ${slug}`).toBe(true);
      }
      expect(command.command, call).not.toBe("help");
    }
  });

  it("names repository files that exist", () => {
    const named = new Set(
      [...doc.matchAll(/`((?:deploy|scripts|docs|server|tests)\/[\w@./-]+)`/g)].map((m) => m[1]!),
    );
    expect(named.size).toBeGreaterThan(5);
    for (const file of named) expect(existsSync(file.replace(/\/$/, "")), file).toBe(true);
  });

  it("runs cron lines as a user the server has", () => {
    // /etc/cron.d's fields: five for the time, then the user. The instances'
    // user is systemd's DynamicUser, made for each run: it has no name to give.
    const cron = lines
      .map((line) => /^(?:[\d*/,-]+\s+){5}(\S+)\s/.exec(line)?.[1])
      .filter((user) => user !== undefined);
    expect(cron.length).toBeGreaterThan(0);
    const created = [...doc.matchAll(/useradd .*?(\S+)$/gm)].map((m) => m[1]);
    for (const user of cron) expect(["root", ...created], user).toContain(user);
  });

  it("installs in step 1 every tool its blocks run", () => {
    const install = /apt-get install -y ([^\n]+)/.exec(doc)?.[1]?.split(/\s+/) ?? [];
    // The tools a block runs that a fresh Debian lacks, and the package each comes in.
    const packages: Record<string, string> = {
      age: "age",
      "age-keygen": "age",
      jq: "jq",
      caddy: "caddy",
      curl: "curl",
      git: "git",
      createdb: "postgresql",
      createuser: "postgresql",
      dropdb: "postgresql",
    };
    for (const line of lines) {
      for (const [tool, pkg] of Object.entries(packages)) {
        if (new RegExp(`(^|[\\s|&;(])${tool}\\s`).test(`${line} `)) {
          expect(install, `${line} runs ${tool}`).toContain(pkg);
        }
      }
    }
  });
});
