import { blogPagePath, postPath } from "~/config/paths";
import { blogPageCount, blogPageSlice, postsPerBlogPage } from "~/features/blog/blog-pages";
import { parsePosts } from "~/features/blog/post-collection";
import { contentFiles } from "~/lib/content/content-files.server";
import { team } from "~/features/company/team.server";
import {
  clickWhenSettled,
  expect,
  expectNoAxeViolations,
  expectSectionBelowHeader,
  gotoHydrated,
  test,
} from "./fixtures";

// Expectations come from content/posts through the same schema the app uses.
const published = parsePosts(contentFiles("content/posts"), { includeDrafts: false, team });
const drafts = parsePosts(contentFiles("content/posts"), { includeDrafts: true, team }).filter(
  (post) => post.draft,
);

test("the blog's first page lists the newest twelve published posts, newest first, each linking to its page", async ({
  page,
}) => {
  await gotoHydrated(page, "/blog");
  const titles = page.getByRole("main").getByRole("article").getByRole("heading");
  const firstPage = published.slice(0, postsPerBlogPage);
  await expect(titles).toHaveText(firstPage.map((post) => post.title));
  for (const post of firstPage) {
    await expect(page.getByRole("link", { name: post.title, exact: true })).toHaveAttribute(
      "href",
      postPath(post.slug),
    );
  }
});

// The list's pages follow from the content: with twelve posts or fewer there
// is one, and no pagination; `npm run bench:build`'s copies have dozens.
const pageCount = blogPageCount(published.length);

test("every page of the blog's list shows its posts and links to its neighbours", async ({
  page,
}) => {
  test.setTimeout(30_000 + pageCount * 10_000);
  for (let number = 1; number <= pageCount; number++) {
    const response = await page.goto(blogPagePath(number));
    expect(response?.status(), blogPagePath(number)).toBe(200);
    const posts = blogPageSlice(published, number)?.posts ?? [];
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.length).toBeLessThanOrEqual(postsPerBlogPage);
    await expect(page.getByRole("main").getByRole("article").getByRole("heading")).toHaveText(
      posts.map((post) => post.title),
    );
    const nav = page.getByRole("navigation", { name: "Blog pages" });
    if (pageCount === 1) {
      await expect(nav).toHaveCount(0);
      continue;
    }
    await expect(nav).toContainText(`Page ${number} of ${pageCount}`);
    const newer = nav.getByRole("link", { name: "Newer posts" });
    const older = nav.getByRole("link", { name: "Older posts" });
    if (number > 1) {
      await expect(newer).toHaveAttribute("href", blogPagePath(number - 1));
      await expect(newer).toHaveAttribute("rel", "prev");
    } else await expect(newer).toHaveCount(0);
    if (number < pageCount) {
      await expect(older).toHaveAttribute("href", blogPagePath(number + 1));
      await expect(older).toHaveAttribute("rel", "next");
    } else await expect(older).toHaveCount(0);
  }
});

test("the older posts are reached from /blog with the keyboard", async ({ page }) => {
  test.skip(pageCount === 1, "the blog fits one page");
  await gotoHydrated(page, blogPagePath(1));
  const older = page
    .getByRole("navigation", { name: "Blog pages" })
    .getByRole("link", { name: "Older posts" });
  await older.focus();
  await expect(older).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(blogPagePath(2));
  const second = blogPageSlice(published, 2)?.posts ?? [];
  await expect(page.getByRole("main").getByRole("article").getByRole("heading").first()).toHaveText(
    second[0]!.title,
  );
});

test("/blog/page/1 redirects to /blog; a page past the last, or a number written otherwise, is a 404", async ({
  request,
  viewportKind,
}) => {
  test.skip(viewportKind !== "desktop", "server-only checks");
  const first = await request.get("/blog/page/1", { maxRedirects: 0 });
  expect(first.status()).toBe(301);
  expect(first.headers()["location"]).toBe(blogPagePath(1));
  const past = `/blog/page/${pageCount + 1}`;
  for (const path of [past, "/blog/page/0", "/blog/page/02", "/blog/page/two", "/blog/page/-1"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('<meta name="robots" content="noindex"/>');
  }
});

test("the sitemap lists every page of the blog's list, and no other", async ({
  request,
  viewportKind,
}) => {
  test.skip(viewportKind !== "desktop", "server-only checks");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>[^<]*?(\/blog(?:\/page\/[^<]*)?)<\/loc>/g)].map(
    (match) => match[1],
  );
  expect(listed).toEqual(Array.from({ length: pageCount }, (_, index) => blogPagePath(index + 1)));
});

test("every published post answers 200 with its title as the page's only h1", async ({
  page,
  request,
}) => {
  for (const post of published) {
    const response = await request.get(postPath(post.slug));
    expect(response.status(), post.slug).toBe(200);
    // Read by the browser's parser from the server's HTML: no page load per post.
    const headings = await page.evaluate(
      (html) =>
        [...new DOMParser().parseFromString(html, "text/html").querySelectorAll("h1")].map(
          (heading) => heading.textContent,
        ),
      await response.text(),
    );
    expect(headings, post.slug).toEqual([post.title]);
  }
});

test("a post is reached from the list, and leads back to it", async ({ page }) => {
  const newest = published[0]!;
  await gotoHydrated(page, "/blog");
  await page.getByRole("link", { name: newest.title, exact: true }).click();
  await expect(page).toHaveURL(postPath(newest.slug));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest.title);
  await clickWhenSettled(page.getByRole("link", { name: "All posts" }));
  await expect(page).toHaveURL("/blog");
});

test("unknown slugs and drafts answer 404 with the not-found page", async ({
  request,
  viewportKind,
}) => {
  test.skip(viewportKind !== "desktop", "server-only checks");
  for (const path of ["/blog/no-such-post", ...drafts.map((post) => postPath(post.slug))]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('<meta name="robots" content="noindex"/>');
  }
});

test("drafts are not listed on the blog", async ({ page }) => {
  test.skip(drafts.length === 0, "no draft in content/posts");
  await gotoHydrated(page, "/blog");
  for (const draft of drafts) {
    await expect(page.getByRole("link", { name: draft.title })).toHaveCount(0);
    await expect(page.locator(`a[href="${postPath(draft.slug)}"]`)).toHaveCount(0);
  }
});

test("each section heading has an anchor link that lands it below the header @both-widths", async ({
  page,
  headerOffset,
}) => {
  const post = published[0]!;
  await gotoHydrated(page, postPath(post.slug));
  const heading = page.locator(".article h2").nth(1);
  const id = await heading.getAttribute("id");
  const text = (await heading.textContent()) ?? "";
  expect(id).toBeTruthy();

  const anchor = page.getByRole("link", { name: `Link to section: ${text}` });
  await expect(anchor).toHaveAttribute("href", `#${id}`);
  await anchor.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${postPath(post.slug)}#${id}`);
  await expectSectionBelowHeader(page, id!, headerOffset);
});

test("links to other sites carry rel=noopener; the site's own links do not", async ({
  page,
  request,
}) => {
  let externalLinks = 0;
  for (const post of published) {
    const links = await page.evaluate(
      (html) =>
        [
          ...new DOMParser()
            .parseFromString(html, "text/html")
            .querySelectorAll(".article a[href]"),
        ].map((link) => ({
          href: link.getAttribute("href") ?? "",
          rel: link.getAttribute("rel") ?? "",
        })),
      await (await request.get(postPath(post.slug))).text(),
    );
    for (const { href, rel } of links) {
      if (/^https?:\/\//.test(href)) {
        externalLinks += 1;
        expect(rel.split(" "), href).toContain("noopener");
      } else {
        expect(rel, href).toBe("");
      }
    }
  }
  expect(externalLinks).toBeGreaterThan(0);
});

test("a post's related reading links to other published posts", async ({ page }) => {
  const post = published[0]!;
  await gotoHydrated(page, postPath(post.slug));
  const related = page.getByRole("region", { name: "Related reading" }).getByRole("article");
  await expect(related).not.toHaveCount(0);
  const publishedPaths = published.map((other) => postPath(other.slug));
  for (const href of await related
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
    expect(publishedPaths).toContain(href);
    expect(href).not.toBe(postPath(post.slug));
  }
});

test("code blocks scroll inside the column at 320 px; the page does not @phone", async ({
  page,
}) => {
  // Every page's fit at 320 px is checked in every-page.spec.ts; here, what
  // lets a post with long code lines fit: the code block scrolls on its own.
  const withCode = published.find((post) => post.body.includes("```"));
  expect(withCode, "a published post with a code block").toBeTruthy();
  await page.setViewportSize({ width: 320, height: 800 });
  await gotoHydrated(page, postPath(withCode!.slug));
  const blocks = await page.locator(".article pre").evaluateAll((pres) =>
    pres.map((pre) => ({
      overflowX: getComputedStyle(pre).overflowX,
      right: pre.getBoundingClientRect().right,
    })),
  );
  expect(blocks.length).toBeGreaterThan(0);
  for (const block of blocks) {
    expect(["auto", "scroll"]).toContain(block.overflowX);
    expect(block.right).toBeLessThanOrEqual(320);
  }
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
});

test("axe finds no violations with a heading anchor and a code block focused", async ({ page }) => {
  const withCode = published.find((post) => post.body.includes("```")) ?? published[0]!;
  await gotoHydrated(page, postPath(withCode.slug));
  await page.locator(".article .heading-anchor").first().focus();
  await expectNoAxeViolations(page);
  await page.locator(".article pre").first().focus();
  await expectNoAxeViolations(page);
});

test("a post's paragraphs run to at most 75 characters a line on a wide screen", async ({
  page,
}) => {
  await page.goto(postPath(published[0]!.slug));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const longest = await page.locator(".article > p").evaluateAll((paragraphs) =>
    Math.max(
      ...paragraphs.map((paragraph) => {
        const range = document.createRange();
        range.selectNodeContents(paragraph);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        // Whole lines only: a paragraph of one or two lines says little of the measure.
        return lines.size < 3 ? 0 : (paragraph.textContent ?? "").length / lines.size;
      }),
    ),
  );
  expect(longest).toBeGreaterThan(40);
  expect(longest).toBeLessThanOrEqual(75);
});
