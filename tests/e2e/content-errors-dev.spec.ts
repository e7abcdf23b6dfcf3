import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createScratchProject, startDevServer } from "../support/dev-server";
import { expect, test } from "./fixtures";

// Issue 29: while authoring (`npm run dev`), a content file with a mistake
// shows its report on the pages that use it, and every other page keeps
// working. The post is broken in a scratch copy of the project, never in the
// content/ other tests read.

test("npm run dev: a post with a broken date shows its file, line and field on its page until fixed; / still answers", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const project = createScratchProject();
  const file = "content/posts/reconciliation-at-scale.md";
  const target = path.join(project.root, file);
  const written = readFileSync(target, "utf8");
  // Broken before the server starts: its first reading of the content meets it.
  writeFileSync(target, written.replace(/^date: .*$/m, "date: 2026-02-30"));
  const server = await startDevServer({ cwd: project.root, env: { PORT: "3451" } });
  try {
    const postUrl = `${server.url}/blog/reconciliation-at-scale`;
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
    expect((await request.get(`${server.url}/`)).status()).toBe(200);
    expect((await request.get(`${server.url}/blog`)).status()).toBe(200);

    // The author corrects the file and saves: the post is back.
    writeFileSync(target, written);
    await expect.poll(async () => (await request.get(postUrl)).status()).toBe(200);
  } finally {
    await server.stop();
    project.remove();
  }
});
