import { postPath } from "~/config/paths";
import { parsePosts } from "~/features/blog/post-collection";
import { contentFiles } from "~/lib/content/content-files.server";
import { team } from "~/features/company/team.server";
import {
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

test("the blog lists every published post, newest first, each linking to its page", async ({
  page,
}) => {
  await gotoHydrated(page, "/blog");
  const titles = page.getByRole("main").getByRole("article").getByRole("heading");
  await expect(titles).toHaveText(published.map((post) => post.title));
  for (const post of published) {
    await expect(page.getByRole("link", { name: post.title, exact: true })).toHaveAttribute(
      "href",
      postPath(post.slug),
    );
  }
});

test("every published post answers 200 with its title as the page's only h1", async ({
  page,
  viewportKind,
}) => {
  test.skip(viewportKind !== "desktop", "one width is enough for status codes");
  for (const post of published) {
    const response = await page.goto(postPath(post.slug));
    expect(response?.status(), post.slug).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page.locator("h1")).toHaveCount(1);
  }
});

test("a post is reached from the list, and leads back to it", async ({ page }) => {
  const newest = published[0]!;
  await gotoHydrated(page, "/blog");
  await page.getByRole("link", { name: newest.title, exact: true }).click();
  await expect(page).toHaveURL(postPath(newest.slug));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest.title);
  await page.getByRole("link", { name: "All posts" }).click();
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

test("links to other sites carry rel=noopener; the site's own links do not", async ({ page }) => {
  let externalLinks = 0;
  for (const post of published) {
    await page.goto(postPath(post.slug));
    for (const link of await page.locator(".article a[href]").all()) {
      const href = (await link.getAttribute("href")) ?? "";
      const rel = (await link.getAttribute("rel")) ?? "";
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
  await page.setViewportSize({ width: 320, height: 800 });
  for (const post of published) {
    await gotoHydrated(page, postPath(post.slug));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, post.slug).toBe(0);
  }
});

test("axe finds no violations with a heading anchor and a code block focused", async ({ page }) => {
  const withCode = published.find((post) => post.body.includes("```")) ?? published[0]!;
  await gotoHydrated(page, postPath(withCode.slug));
  await page.locator(".article .heading-anchor").first().focus();
  await expectNoAxeViolations(page);
  await page.locator(".article pre").first().focus();
  await expectNoAxeViolations(page);
});
