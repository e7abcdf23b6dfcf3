import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { aboutPage, aboutPageSchema, commitmentIds } from "~/features/company/about-page.server";
import { loadYamlFile } from "~/lib/content/collection";
import { engineeringStageIds, homePage, homePageSchema } from "~/features/company/home-page.server";
import { portfolioPage } from "~/features/portfolio/portfolio-page.server";
import { findProduct } from "~/features/portfolio/products.server";

describe("page copy", () => {
  it("gives Home the four engineering stages and real products", () => {
    expect(homePage().engineering.stages.map((stage) => stage.id)).toEqual([
      ...engineeringStageIds,
    ]);
    for (const slug of homePage().selectedWork.products) expect(findProduct(slug)).toBeDefined();
  });

  it("gives About its four commitments to society", () => {
    expect(aboutPage().csr.commitments.map((commitment) => commitment.id)).toEqual([
      ...commitmentIds,
    ]);
  });

  it("gives each page a distinct title", () => {
    const titles = [homePage(), aboutPage(), portfolioPage()].map((page) => page.meta.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("rejects stages out of order, naming the file and the field", () => {
    const raw = structuredClone(homePage()) as { engineering: { stages: unknown[] } };
    raw.engineering.stages.reverse();
    const yaml = JSON.stringify(raw);
    expect(() => loadYamlFile("/content/pages/home.yaml", yaml, homePageSchema)).toThrow(
      /content\/pages\/home\.yaml:\n {2}- line 1, engineering\.stages: must list the ids discovery, design, build, scale/,
    );
  });

  it("rejects an unknown field, so a typo in a key does not vanish silently", () => {
    const raw = { ...parse(JSON.stringify(aboutPage())), mision: "typo" };
    expect(() =>
      loadYamlFile("/content/pages/about.yaml", JSON.stringify(raw), aboutPageSchema),
    ).toThrow(
      /content\/pages\/about\.yaml:\n {2}- line 1, mision: is not a field here: check its spelling, or remove it/,
    );
  });
});
