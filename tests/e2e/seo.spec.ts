import { postPath, paths } from "~/config/paths";
import { XMLParser } from "fast-xml-parser";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { fixedPages } from "~/config/pages";
import { listPostSummaries } from "~/features/blog/posts.server";
import { siteConfig } from "~/config/site";
import { DEFAULT_SITE_URL } from "~/config/site-url";
import { socialCardSize } from "~/config/social";
import { pngSize } from "~/lib/png-size";
import { expect, test } from "./fixtures";
import { readPublicPaths } from "~/site/pages.server";

// What search engines and link previews read. Server-level checks: one project runs them.
test.beforeEach(({ viewportKind }) => test.skip(viewportKind !== "desktop", "server-only checks"));

const clientDir = path.resolve("build/client");
const xml = new XMLParser({ ignoreAttributes: false });

/** The build carries SITE_URL's origin; the test server listens elsewhere. */
function localPath(absolute: string): string {
  const url = new URL(absolute);
  expect(url.origin).toBe(DEFAULT_SITE_URL);
  return url.pathname + url.search;
}

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("xml");
  const parsed = xml.parse(await response.text());
  const urls = [parsed.urlset.url].flat() as { loc: string; lastmod?: string }[];
  for (const url of urls) expect(String(url.lastmod), url.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return urls.map((url) => localPath(url.loc));
}

type HeadReport = {
  titles: string[];
  h1s: number;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string>;
  jsonLd: string[];
};

/**
 * What a crawler reads: the page's HTML as the server sends it, parsed by the
 * browser's own parser without running its scripts or fetching what it links
 * to. A crawler that runs scripts sees the same head: the app renders it on
 * the server. (Loading each page to read it took 50 s a sweep, issue 26.)
 */
async function readServerHtml(request: APIRequestContext, pagePath: string): Promise<string> {
  const response = await request.get(pagePath);
  expect(response.headers()["content-type"], pagePath).toContain("text/html");
  return response.text();
}

async function readHead(page: Page, html: string): Promise<HeadReport> {
  return page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, "text/html");
    const meta = (selector: string) =>
      document.querySelector(selector)?.getAttribute("content") ?? null;
    const og: Record<string, string> = {};
    for (const tag of document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')) {
      og[tag.getAttribute("property") ?? tag.getAttribute("name") ?? ""] =
        tag.getAttribute("content") ?? "";
    }
    return {
      titles: [...document.querySelectorAll("head title")].map((title) => title.textContent ?? ""),
      h1s: document.querySelectorAll("h1").length,
      description: meta('meta[name="description"]'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      robots: meta('meta[name="robots"]'),
      og,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => script.textContent ?? "",
      ),
    };
  }, html);
}

/** Every link's href in the server's HTML, as written. */
async function readLinks(page: Page, html: string): Promise<string[]> {
  return page.evaluate(
    (source) =>
      [...new DOMParser().parseFromString(source, "text/html").querySelectorAll("a[href]")].map(
        (link) => link.getAttribute("href") ?? "",
      ),
    html,
  );
}

/** The properties each structured-data type must carry. */
const requiredJsonLd: Record<string, string[]> = {
  Organization: ["name", "url", "logo"],
  WebSite: ["name", "url"],
  Service: ["name", "description", "provider", "url"],
  BlogPosting: ["headline", "datePublished", "author", "image", "publisher"],
  Event: ["name", "startDate", "endDate", "eventStatus", "eventAttendanceMode", "location"],
  BreadcrumbList: ["itemListElement"],
};

test("the sitemap lists exactly the public pages, each answering 200", async ({ request }) => {
  const listed = await sitemapPaths(request);
  expect([...listed].sort()).toEqual(readPublicPaths().sort());
  for (const pagePath of listed) {
    expect((await request.get(pagePath, { maxRedirects: 0 })).status(), pagePath).toBe(200);
  }
});

test("robots.txt allows crawling and points to the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).not.toMatch(/^Disallow: \/$/m);
  expect(localPath(/^Sitemap: (\S+)$/m.exec(text)?.[1] ?? "")).toBe("/sitemap.xml");
});

test("every public page has one title, one h1, a description, a canonical URL, a social card and valid JSON-LD", async ({
  page,
  request,
}) => {
  const titles = new Set<string>();
  for (const pagePath of await sitemapPaths(request)) {
    const head = await readHead(page, await readServerHtml(request, pagePath));

    expect(head.titles, pagePath).toHaveLength(1);
    expect(head.titles[0], pagePath).toMatch(new RegExp(` \\| ${siteConfig.name}$`));
    expect(titles.has(head.titles[0]!), `${pagePath}: duplicate title`).toBe(false);
    titles.add(head.titles[0]!);
    expect(head.h1s, pagePath).toBe(1);
    expect(head.description?.length ?? 0, pagePath).toBeGreaterThanOrEqual(50);
    expect(head.description?.length ?? 0, pagePath).toBeLessThanOrEqual(160);
    expect(head.robots, pagePath).toBeNull();
    expect(localPath(head.canonical ?? ""), pagePath).toBe(pagePath);
    expect(head.og["og:url"], pagePath).toBe(head.canonical);
    expect(head.og["og:title"], pagePath).toBe(head.titles[0]);
    expect(head.og["og:image:alt"], pagePath).toBeTruthy();
    expect(head.og["twitter:card"], pagePath).toBe("summary_large_image");

    // The card is a file in the build, of the size the tags announce.
    const card = path.join(clientDir, localPath(head.og["og:image"] ?? ""));
    expect(existsSync(card), `${pagePath}: ${card}`).toBe(true);
    expect(pngSize(readFileSync(card)), pagePath).toEqual(socialCardSize);
    expect(head.og["og:image:width"]).toBe(String(socialCardSize.width));
    expect(head.og["og:image:height"]).toBe(String(socialCardSize.height));

    const types: string[] = [];
    for (const text of head.jsonLd) {
      const data = JSON.parse(text) as Record<string, unknown>;
      expect(data["@context"], pagePath).toBe("https://schema.org");
      const type = String(data["@type"]);
      types.push(type);
      for (const property of requiredJsonLd[type] ?? []) {
        expect(data[property], `${pagePath}: ${type}.${property}`).toBeTruthy();
      }
      if (type === "Event") {
        expect(String(data.startDate), pagePath).toMatch(/T\d\d:\d\d(:\d\d)?[+-]\d\d:\d\d$/);
      }
    }
    expect(types, pagePath).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
    if (pagePath.startsWith("/services/")) {
      expect(types, pagePath).toEqual(expect.arrayContaining(["Service", "BreadcrumbList"]));
    }
    if (listPostSummaries().some((post) => postPath(post.slug) === pagePath)) {
      expect(types, pagePath).toEqual(expect.arrayContaining(["BlogPosting", "BreadcrumbList"]));
    }
    if (/^\/events\/./.test(pagePath)) {
      expect(types, pagePath).toEqual(expect.arrayContaining(["Event", "BreadcrumbList"]));
    }
  }
});

test("the not-found and error views are kept out of search results", async ({ page, request }) => {
  for (const pagePath of ["/services", "/no-such-page"]) {
    const head = await readHead(page, await (await request.get(pagePath)).text());
    expect(head.robots, pagePath).toBe("noindex");
    expect(head.canonical, pagePath).toBeNull();
  }
});

test("icons and the web app manifest are served", async ({ page, request }) => {
  await page.goto("/");
  const links = await page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]',
      ),
    ].map((link) => link.getAttribute("href") ?? ""),
  );
  expect(links.length).toBeGreaterThanOrEqual(4);
  for (const href of links) expect((await request.get(href)).status(), href).toBe(200);
  expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBeTruthy();

  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as {
    name: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest.name).toBe(siteConfig.name);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    const size = icon.sizes.split("x").map(Number);
    if (size.length === 2)
      expect(pngSize(await response.body()), icon.src).toEqual({ width: size[0], height: size[1] });
  }
});

test("no page links to a URL that answers 404, except the footer's /services kept as the spec gives it", async ({
  page,
  request,
}) => {
  const checked = new Map<string, number>();
  const htmlOf = new Map<string, string>();
  const broken: string[] = [];
  for (const pagePath of await sitemapPaths(request)) {
    const pageUrl = new URL(pagePath, test.info().project.use.baseURL);
    for (const href of await readLinks(page, await readServerHtml(request, pagePath))) {
      const url = new URL(href, pageUrl);
      if (url.origin !== pageUrl.origin) continue;
      const target = url.pathname + url.search;
      if (!checked.has(target)) {
        checked.set(target, (await request.get(target, { maxRedirects: 5 })).status());
      }
      const status = checked.get(target)!;
      if (status >= 400 && target !== "/services")
        broken.push(`${pagePath} -> ${target} (${status})`);
      // A hash must name an element of the page it points to.
      if (url.hash.length > 1) {
        const id = decodeURIComponent(url.hash.slice(1));
        if (!htmlOf.has(url.pathname)) {
          htmlOf.set(url.pathname, await (await request.get(url.pathname)).text());
        }
        if (!htmlOf.get(url.pathname)!.includes(`id="${id}"`)) {
          broken.push(`${pagePath} -> ${url.pathname}${url.hash} (no such anchor)`);
        }
      }
    }
  }
  expect(broken).toEqual([]);
  expect(checked.get("/services")).toBe(404);
});

test("the blog's RSS 2.0 feed lists exactly the published posts, newest first, and the blog links to it", async ({
  page,
  request,
}) => {
  const response = await request.get(paths.blogFeed);
  expect(response.status()).toBe(200);
  // Served as a static file of the build: application/xml, which feed readers accept.
  expect(response.headers()["content-type"]).toMatch(/^application\/(rss\+)?xml/);
  const feed = xml.parse(await response.text());
  expect(feed.rss["@_version"]).toBe("2.0");
  const items = [feed.rss.channel.item].flat() as {
    link: string;
    pubDate: string;
    title: string;
  }[];
  const published = listPostSummaries();
  expect(items.map((item) => localPath(item.link))).toEqual(
    published.map((post) => postPath(post.slug)),
  );
  expect(items.map((item) => item.title)).toEqual(published.map((post) => post.title));
  for (const item of items) expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);

  for (const pagePath of [fixedPages.blog.path, postPath(published[0]!.slug)]) {
    await page.goto(pagePath);
    const alternate = page.locator('link[rel="alternate"][type="application/rss+xml"]');
    await expect(alternate).toHaveAttribute("href", paths.blogFeed);
  }
});
