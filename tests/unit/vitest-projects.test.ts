import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import config, { moduleReloadingTests } from "../../vitest.config";

// The unit and http projects share one module graph across their files (vitest.config.ts).
// A file there that reloads or replaces modules changes what every later file
// in the worker imports, so it must sit in a project with a graph of its own.

type Project = { test: { name: string; include: string[]; exclude?: string[]; isolate?: boolean } };
const projects = (config.test?.projects ?? []) as Project[];
const reloadsModules = /\bvi\.(resetModules|doMock|mock|unmock|doUnmock)\(/;

describe("vitest projects", () => {
  const shared = projects.find((project) => project.test.name === "unit");

  it("the unit project shares its module graph and leaves out the module-reloading files", () => {
    expect(shared?.test.isolate).toBe(false);
    for (const file of moduleReloadingTests) expect(shared?.test.exclude).toContain(file);
    const isolated = projects.find((project) => project.test.name === "unit-isolated");
    expect(isolated?.test.include).toEqual(moduleReloadingTests);
    expect(isolated?.test.isolate).not.toBe(false);
  });

  for (const project of projects.filter((candidate) => candidate.test.isolate === false)) {
    it(`no file in the ${project.test.name} project's shared graph reloads or replaces modules`, () => {
      const files = globSync(project.test.include, { exclude: project.test.exclude ?? [] });
      expect(files.length).toBeGreaterThan(0);
      const offenders = files.filter((file) => reloadsModules.test(readFileSync(file, "utf8")));
      expect(offenders).toEqual([]);
    });
  }
});
