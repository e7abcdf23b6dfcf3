import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

/*
 * The rooms' rules hold (issue 43): lint fails on each arrow the review named
 * (a feature reaching into the site's frame, a generic helper reading the
 * per-request context) and on an import cycle between modules or folders.
 */

const eslint = new ESLint();
async function ruleMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

describe("eslint's rooms", () => {
  it("refuses a feature importing the site's frame, in every feature folder", async () => {
    for (const feature of ["blog", "editing", "privacy"]) {
      const messages = await ruleMessages(
        `app/features/${feature}/probe.ts`,
        'import { escapeXml } from "~/site/sitemap";\nexport const probe = escapeXml;\n',
      );
      expect(messages.join("\n"), feature).toMatch(/never reaches into .* the site's frame/);
    }
  });

  it("refuses app/lib/ and app/components/ reading the load context", async () => {
    for (const file of ["app/lib/probe.ts", "app/components/ui/probe.ts"]) {
      const messages = await ruleMessages(
        file,
        'import { requestTime } from "~/load-context";\nexport const probe = requestTime;\n',
      );
      expect(messages.join("\n"), file).toMatch(/never reads the server's per-request context/);
    }
  });

  it("lets a route read the load context", async () => {
    const messages = await ruleMessages(
      "app/routes/probe.ts",
      'import { requestTime } from "~/load-context";\nexport const probe = requestTime;\n',
    );
    expect(messages).toEqual([]);
  });
});

describe("dependency-cruiser's cycles (npm run lint:deps)", () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  /** The rules that `npm run lint:deps`, with the project's configuration, finds broken in these files. */
  function violations(files: Record<string, string>): string[] {
    const root = mkdtempSync(path.join(tmpdir(), "corvanta-cycles-"));
    roots.push(root);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const run = spawnSync(
      "npx",
      ["depcruise", root, "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
      { encoding: "utf8" },
    );
    const output = JSON.parse(run.stdout) as {
      summary: { violations: { rule: { name: string } }[] };
    };
    return output.summary.violations.map((violation) => violation.rule.name);
  }

  it("fails on two folders that import each other through different modules", () => {
    const found = violations({
      "services/services.ts":
        'import { products } from "../portfolio/products";\nexport const services = products;\n',
      "portfolio/products.ts": "export const products = [];\n",
      "portfolio/cards.ts":
        'import { services } from "../services/services";\nexport const cards = services;\n',
    });
    expect(found).toContain("no-folder-cycle");
    expect(found).not.toContain("no-module-cycle");
  });

  it("fails on a module cycle made of type imports only", () => {
    const found = violations({
      "editing/app.ts": 'import type { Ui } from "./ui";\nexport type App = { ui?: Ui };\n',
      "editing/ui.ts": 'import type { App } from "./app";\nexport type Ui = { app?: App };\n',
    });
    expect(found).toContain("no-module-cycle");
  });
});
