import { writeFileSync } from "node:fs";
import path from "node:path";
import { paths, postPath } from "~/config/paths";
import { brokenAtStart, expect, test } from "./authoring-fixtures";

// Issue 29: while authoring (`npm run dev`), a content file with a mistake
// shows its report on the pages that use it, and every other page keeps
// working. The post is broken in the authoring tests' scratch copy of the
// project (authoring-fixtures.ts), before the dev server started, never in
// the content/ other tests read.

test("npm run dev: a post with a broken date shows its file, line and field on its page until fixed; / still answers", async ({
  page,
  request,
  authoring,
}) => {
  test.setTimeout(300_000);
  const { file, slug } = brokenAtStart;
  const postUrl = authoring.server.url + postPath(slug);
  const response = await page.goto(postUrl);
  expect(response?.status()).toBe(500);
  await expect(page).toHaveTitle(`Content error in ${file} | Corvanta Digital`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "This page’s content file has a mistake",
  );
  await expect(page.getByText(file, { exact: true })).toBeVisible();
  const problem = page.getByRole("listitem").filter({ hasText: "Line 4" });
  await expect(problem).toContainText("date");
  await expect(problem).toContainText("2026-02-30 does not exist: February 2026 has 28 days");
  // The site's own frame, and the pages without the broken post.
  await expect(page.getByRole("banner").getByRole("link", { name: "Contact" })).toBeVisible();
  expect((await request.get(authoring.server.url + paths.home)).status()).toBe(200);
  expect((await request.get(authoring.server.url + paths.blog)).status()).toBe(200);

  // The author corrects the file and saves: the post is back.
  writeFileSync(path.join(authoring.root, file), authoring.brokenPostAsWritten);
  await expect.poll(async () => (await request.get(postUrl)).status()).toBe(200);
});
