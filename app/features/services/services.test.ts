import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { serviceIds } from "~/config/services";
import { ContentError, type RawFiles } from "~/lib/content/collection";
import { products } from "~/features/portfolio/products.server";
import {
  loadServiceContents,
  serviceContents,
  servicePage,
  serviceSummaries,
} from "~/features/services/services.server";

const productSlugs = products.map((product) => product.slug);

/** The real files, keyed as Vite's glob keys them. */
function realFiles(): Record<string, string> {
  return Object.fromEntries(
    readdirSync("content/services").map((name) => [
      `/content/services/${name}`,
      readFileSync(`content/services/${name}`, "utf8"),
    ]),
  );
}

/** The real files with one of them edited as data. */
function withEdited(id: string, edit: (data: Record<string, unknown>) => void): RawFiles {
  const files = realFiles();
  const key = `/content/services/${id}.yaml`;
  const data = parse(files[key]!) as Record<string, unknown>;
  edit(data);
  return { ...files, [key]: stringify(data) };
}

describe("services collection", () => {
  it("has exactly one file per service id, in the header's order", () => {
    expect(serviceContents.map((content) => content.id)).toEqual([...serviceIds]);
    expect(readdirSync("content/services").sort()).toEqual(
      serviceIds.map((id) => `${id}.yaml`).sort(),
    );
  });

  it("refers only to products and services that exist, never to itself", () => {
    for (const content of serviceContents) {
      expect(productSlugs, content.id).toContain(content.outcome.product);
      expect(content.related.length, content.id).toBeGreaterThanOrEqual(2);
      for (const related of content.related) {
        expect(serviceIds, content.id).toContain(related);
        expect(related, content.id).not.toBe(content.id);
      }
    }
  });

  it("gives each service its own copy: no promise, summary or question repeats", () => {
    for (const field of ["promise", "summary", "metaDescription"] as const) {
      const values = serviceContents.map((content) => content[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
    const questions = serviceContents.flatMap((content) => content.faqs.map((faq) => faq.question));
    expect(new Set(questions).size).toBe(questions.length);
  });

  it("builds a page with the content's name, the product's result and the related cards", () => {
    const page = servicePage("iot");
    const product = products.find((entry) => entry.slug === page?.outcomeProduct.slug);
    expect(page?.name).toBe("Internet of Things");
    expect(page?.outcomeProduct.headlineResult).toEqual(product?.headlineResult);
    expect(page?.related.map((card) => card.id)).toEqual(
      serviceContents.find((content) => content.id === "iot")?.related,
    );
    expect(page).not.toHaveProperty("sourcePath");
    expect(servicePage("cybersecurity")).toBeUndefined();
    expect(serviceSummaries()).toHaveLength(serviceIds.length);
  });
});

describe("services loader", () => {
  it("accepts the real files", () => {
    expect(() => loadServiceContents(realFiles(), productSlugs)).not.toThrow();
  });

  it("rejects a service id without a file", () => {
    const files = realFiles();
    delete files["/content/services/blockchain.yaml"];
    expect(() => loadServiceContents(files, productSlugs)).toThrow(
      "content/services/blockchain.yaml: the file is missing: every service in app/config/services.ts needs one.",
    );
  });

  it("rejects a second file with a service id, naming it", () => {
    const files = {
      ...realFiles(),
      "/content/services/zz-copy.yaml": realFiles()["/content/services/iot.yaml"]!,
    };
    expect(() => loadServiceContents(files, productSlugs)).toThrow(
      /content\/services\/zz-copy\.yaml:\n {2}- line \d+, id: must equal the file name \(zz-copy\), got iot/,
    );
  });

  it("rejects a file not named after its id", () => {
    const files = realFiles();
    const iot = files["/content/services/iot.yaml"]!;
    delete files["/content/services/iot.yaml"];
    files["/content/services/internet-of-things.yaml"] = iot;
    expect(() => loadServiceContents(files, productSlugs)).toThrow(
      /content\/services\/internet-of-things\.yaml:\n {2}- line \d+, id: must equal the file name \(internet-of-things\), got iot/,
    );
  });

  it("names the file and field of an unknown product, icon or service", () => {
    const cases: [string, (data: Record<string, unknown>) => void, RegExp][] = [
      [
        "ai-ml",
        (data) => ((data.outcome as Record<string, unknown>).product = "no-such-product"),
        /content\/services\/ai-ml\.yaml:\n {2}- line \d+, outcome\.product: must be the slug of a product/,
      ],
      [
        "strategy",
        (data) => ((data.offerings as Record<string, unknown>[])[1]!.icon = "sparkles"),
        /content\/services\/strategy\.yaml:\n {2}- line \d+, offerings item 2, icon: must be one of the allowed icons/,
      ],
      [
        "iot",
        (data) => (data.related = ["ai-ml", "cybersecurity"]),
        /content\/services\/iot\.yaml:\n {2}- line \d+, related item 2 \("cybersecurity"\): must be a service id/,
      ],
      [
        "iot",
        (data) => (data.related = ["ai-ml", "iot"]),
        /content\/services\/iot\.yaml:\n {2}- line \d+, related item 2 \("iot"\): must not be the service itself/,
      ],
      [
        "mobile-app",
        (data) => (data.metaDescription = "Too short."),
        /content\/services\/mobile-app\.yaml:\n {2}- line \d+, metaDescription:/,
      ],
      [
        "mobile-app",
        (data) => (data.faqs = (data.faqs as unknown[]).slice(0, 3)),
        /content\/services\/mobile-app\.yaml:\n {2}- line \d+, faqs:/,
      ],
    ];
    for (const [id, edit, message] of cases) {
      const files = withEdited(id, edit);
      expect(() => loadServiceContents(files, productSlugs)).toThrow(ContentError);
      expect(() => loadServiceContents(files, productSlugs)).toThrow(message);
    }
  });
});
