import { afterEach, describe, expect, it, vi } from "vitest";
import { productNames, footerColumns } from "~/config/navigation";
import { productArtAlt, productArtPath } from "~/config/art";
import { loadProducts, productIndustries, products } from "~/features/portfolio/products.server";
import { renderArtFile } from "~/site/art/art-files.server";
import type { RawFiles } from "~/lib/content/collection";
import type * as contentFilesModule from "~/lib/content/content-files.server";

type ContentFilesModule = typeof contentFilesModule;

/** A product that exists only as a content file, in an industry no code names. */
const fixture = `slug: tidewater
name: Tidewater
industry: Maritime & Logistics
summary: Berth scheduling for a container port.
client: { name: Harrowgate Port Authority, about: A regional container port }
duration: 5 months
services: [web-development]
headlineResult: { value: "17%", label: "shorter vessel turnaround" }
challenge: Berths were booked by e-mail and a shared calendar.
solution: A scheduling service with live vessel positions.
approach:
  - { title: Shadowed the harbour master, detail: 2 weeks on the quay. }
  - { title: One booking system, detail: Agents book berths themselves. }
timeline:
  - { when: "Month 1", milestone: "Discovery on the quay" }
  - { when: "Months 2–5", milestone: "Scheduling live for all berths" }
team: [{ role: Engineers, count: 3 }]
results: [Vessel turnaround 17% shorter, Berth clashes down to none]
technologies: [TypeScript, PostgreSQL]
`;

describe("products collection", () => {
  it("holds a file for each of the footer's eight names, in the footer's order", () => {
    expect(products.slice(0, productNames.length).map((product) => product.name)).toEqual([
      ...productNames,
    ]);
  });

  it("gives each product a drawing of its own: no art file or motif shared by two", async () => {
    const drawings = await Promise.all(
      products.map((product) => renderArtFile(productArtPath(product.slug, "meet"))),
    );
    for (const drawing of drawings) expect(drawing).toMatch(/^<svg/);
    expect(new Set(drawings).size).toBe(products.length);
    const motifs = products.map((product) => product.art).filter(Boolean);
    expect(new Set(motifs).size).toBe(motifs.length);
  });

  it("draws each product's screen with its own headline result as text, in the system face, with no raster", async () => {
    for (const product of products) {
      const drawing = (await renderArtFile(productArtPath(product.slug, "slice"))) ?? "";
      const texts = [...drawing.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
      expect(texts.join(" "), product.slug).toContain(product.headlineResult.value);
      expect(texts.length, product.slug).toBeGreaterThanOrEqual(6);
      expect(drawing).toContain('font-family="system-ui');
      expect(drawing).not.toMatch(/<image|data:|@font-face/);
      // No grey placeholder bars: the old art drew its "text" as rounded 6 px bars.
      expect(drawing).not.toMatch(/height="6" rx="3" fill="rgb\(255 255 255/);
      expect(Buffer.byteLength(drawing)).toBeLessThan(8 * 1024);
    }
  });

  it("describes each product's screen and result in its alt text", () => {
    for (const product of products) {
      const alt = productArtAlt(product);
      expect(alt).toContain(product.name);
      expect(alt).toContain(`${product.headlineResult.value} ${product.headlineResult.label}`);
    }
  });
});

describe("a product added as a content file alone", () => {
  const withFixture = (raw: RawFiles): RawFiles => ({
    ...raw,
    "/content/products/tidewater.yaml": fixture,
  });

  afterEach(() => {
    vi.doUnmock("~/lib/content/content-files.server");
    vi.resetModules();
  });

  it("loads through the same loader, with a new industry and no code change", async () => {
    const { contentFiles } = await import("~/lib/content/content-files.server");
    const loaded = loadProducts(withFixture(contentFiles("content/products")));
    expect(loaded.at(-1)?.name).toBe("Tidewater");
    expect(productIndustries(loaded)).toContain("Maritime & Logistics");
  });

  it("gets its card on /portfolio and its own page, while the footer keeps the spec's eight", async () => {
    vi.resetModules();
    vi.doMock("~/lib/content/content-files.server", async (importOriginal) => {
      const original = await importOriginal<ContentFilesModule>();
      return {
        ...original,
        contentFiles: (directory: string) =>
          directory === "content/products"
            ? withFixture(original.contentFiles(directory))
            : original.contentFiles(directory),
      };
    });
    const portfolio = await import("~/routes/portfolio");
    const page = portfolio.loader();
    expect(page.products.map((product) => product.slug)).toContain("tidewater");
    expect(page.industries).toContain("Maritime & Logistics");

    const caseStudy = await import("~/routes/case-study");
    const study = caseStudy.loader({ params: { slug: "tidewater" } } as never);
    expect(study.study.client.name).toBe("Harrowgate Port Authority");

    const { readPublicPaths } = await import("~/site/pages.server");
    expect(readPublicPaths()).toContain("/portfolio/tidewater");
    const { renderArtFile: render } = await import("~/site/art/art-files.server");
    expect(await render(productArtPath("tidewater", "slice"))).toMatch(/^<svg/);

    const navigation = await import("~/config/navigation");
    const footerProducts = navigation.footerColumns.find((column) => column.heading === "Products");
    expect(
      footerProducts?.kind === "links" && footerProducts.links.map((link) => link.label),
    ).toEqual([...productNames]);
    expect(footerColumns).toEqual(navigation.footerColumns);
  });
});
