import { socialCardPath } from "~/config/paths";
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { absoluteUrl, siteUrl } from "~/config/site-url";
import { socialCardSize } from "~/config/social";
import { serviceJsonLd } from "~/site/json-ld";
import { getMeta, notFoundMeta } from "~/site/meta";

const input = {
  title: "About us",
  description: "Who we are: our story, our vision and values, and the people who lead us.",
  path: "/about",
};

function content(tags: MetaDescriptor[], key: "name" | "property", value: string) {
  const tag = tags.find((t) => (t as Record<string, unknown>)[key] === value);
  return tag && "content" in tag ? tag.content : undefined;
}

describe("getMeta", () => {
  it("titles the page 'Page | Company' and carries the description", () => {
    const tags = getMeta(input);
    expect(tags).toContainEqual({ title: `About us | ${siteConfig.name}` });
    expect(content(tags, "name", "description")).toBe(input.description);
  });

  it("builds the canonical URL and og:url from SITE_URL and the path", () => {
    const tags = getMeta(input);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: absoluteUrl("/about") });
    expect(content(tags, "property", "og:url")).toBe(absoluteUrl("/about"));
  });

  it("keeps SITE_URL's origin whatever the path: //evil.example/x is a path here (issue 41, defect 8)", () => {
    for (const path of ["//evil.example/x", "/\\evil.example/x", "///evil.example"]) {
      const tags = [...notFoundMeta(path), ...getMeta({ ...input, path })];
      const urls = tags.flatMap((tag) => {
        const record = tag as Record<string, unknown>;
        const value = record.href ?? record.content;
        return typeof value === "string" && /^https?:/.test(value) ? [value] : [];
      });
      expect(urls.length, path).toBeGreaterThan(3);
      for (const url of urls) expect(new URL(url).origin, `${path}: ${url}`).toBe(siteUrl);
    }
  });

  it("points og:image and twitter:image at the page's 1200x630 social card, with alt text", () => {
    const tags = getMeta(input);
    const image = absoluteUrl(socialCardPath("/about"));
    expect(content(tags, "property", "og:image")).toBe(image);
    expect(content(tags, "name", "twitter:image")).toBe(image);
    expect(content(tags, "property", "og:image:width")).toBe(String(socialCardSize.width));
    expect(content(tags, "property", "og:image:height")).toBe(String(socialCardSize.height));
    expect(content(tags, "property", "og:image:alt")).toBeTruthy();
    expect(content(tags, "name", "twitter:card")).toBe("summary_large_image");
  });

  it("adds Organization and WebSite JSON-LD to every page, then the page's own", () => {
    const service = serviceJsonLd({
      name: "Blockchain",
      description: "x",
      path: "/services/blockchain",
    });
    const types = getMeta({ ...input, jsonLd: [service] })
      .filter((tag) => "script:ld+json" in tag)
      .map((tag) => (tag as { "script:ld+json": { "@type": string } })["script:ld+json"]["@type"]);
    expect(types).toEqual(["Organization", "WebSite", "Service"]);
  });

  it("marks only noindex pages noindex, and gives them no canonical URL", () => {
    expect(content(getMeta(input), "name", "robots")).toBeUndefined();
    const tags = notFoundMeta("/nowhere");
    expect(content(tags, "name", "robots")).toBe("noindex");
    expect(tags.some((tag) => "rel" in tag && tag.rel === "canonical")).toBe(false);
  });
});

describe("socialCardPath", () => {
  it("maps page paths to one PNG each", () => {
    expect(socialCardPath("/")).toBe("/social/home.png");
    expect(socialCardPath("/services/ai-ml")).toBe("/social/services-ai-ml.png");
    expect(socialCardPath("/blog/some-post/")).toBe("/social/blog-some-post.png");
  });
});
