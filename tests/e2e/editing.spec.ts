import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { eventPath, paths, postPath, productPath, servicePath } from "~/config/paths";
import { parsePosts } from "~/features/blog/post-collection";
import { loadEvents } from "~/features/events/events.server";
import { loadServiceContents } from "~/features/services/services.server";
import type { DevServer } from "../support/dev-server";
import { brokenAtStart, expect, test } from "./authoring-fixtures";
import { products, team } from "./content-files";
import { collectPolicyViolations } from "./fixtures";

/*
 * An editor at /keystatic in `npm run dev` (docs/decisions/081), in the
 * authoring tests' scratch copy of the project (authoring-fixtures.ts), so
 * the saves never touch the content/ other tests read: what they save is
 * listed on the site's pages, and loads with the site's own loaders.
 */

/** A save is checked by check:content first (decision 091): seconds, more on a busy machine. */
const saveTimeout = 60_000;

let projectRoot: string;
let server: DevServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(({ authoring }) => {
  projectRoot = authoring.root;
  server = authoring.server;
});

/** The scratch project's files of one folder, keyed as the loaders key them. */
function filesIn(directory: string): Record<string, string> {
  const folder = path.join(projectRoot, directory);
  return Object.fromEntries(
    readdirSync(folder).map((name) => [
      `/${directory}/${name}`,
      readFileSync(path.join(folder, name), "utf8"),
    ]),
  );
}

/**
 * Opens an editing page once Keystatic has drawn it. On a fresh dev server the
 * first visit makes Vite pre-bundle what it finds and reload the page, and a
 * reload sent before the page's HMR client connects never arrives: it is
 * opened again until Keystatic shows.
 */
async function openEditor(page: Page, pathname: string, button: "Create" | "Save") {
  await expect(async () => {
    await page.goto(server.url + pathname);
    // Keystatic is some hundreds of modules in dev: a minute on a busy two-core machine.
    await expect(page.getByRole("button", { name: button })).toBeVisible({ timeout: 60_000 });
  }).toPass({ timeout: 180_000 });
  return page.locator("main");
}

/** Adds one item to a list: its Add button opens a dialog with the item's fields. */
async function addItem(
  page: Page,
  list: RegExp,
  fill: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>,
) {
  await page
    .locator("main")
    .getByRole("group", { name: list })
    .getByRole("button", { name: "Add" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Add item" });
  await fill(dialog);
  await dialog.getByRole("button", { name: "Add", exact: true }).last().click();
  await expect(dialog).toBeHidden();
}

/**
 * How many lines of `file` differ between the scratch project and the
 * project it was copied from (git's own count: added plus removed lines).
 */
function changedLines(file: string): number {
  const result = spawnSync(
    "git",
    ["diff", "--no-index", "--numstat", "--", path.resolve(file), path.join(projectRoot, file)],
    { encoding: "utf8" },
  );
  const [added = "0", removed = "0"] = result.stdout.trim().split(/\s+/);
  return Number(added) + Number(removed);
}

/** Picks `option` from the pick list labelled `field` (authors, services, kinds, art). */
async function pick(page: Page, scope: Locator, field: RegExp, option: string | RegExp) {
  await scope.getByRole("button", { name: field }).first().click({ timeout: 30_000 });
  await page.getByRole("option", { name: option }).click();
  await expect(page.getByRole("listbox")).toBeHidden();
}

/** The page at `pathname` once the dev server has picked up the save. */
async function expectOnPage(page: Page, pathname: string, text: string) {
  await expect(async () => {
    await page.goto(server.url + pathname);
    await expect(page.getByText(text).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

test("an editor creates a blog post and an event with a question, and both are listed on the site", async ({
  page,
}) => {
  test.setTimeout(480_000);
  const violations = await collectPolicyViolations(page);
  const leader = team[0]!;

  const post = await openEditor(page, `${paths.editing}/collection/posts/create`, "Create");
  await post.getByRole("textbox", { name: "Title" }).fill("Editing the site in a browser");
  await post.getByRole("textbox", { name: "Slug" }).fill("editing-in-a-browser");
  await expect(post.getByRole("textbox", { name: "File name" })).toHaveValue(
    "editing-in-a-browser",
  );
  await post.getByRole("textbox", { name: "Date" }).fill("2026-11-20");
  // The author is picked from the team, which writes the name and role the team file gives.
  await pick(page, post, /Author$/, `${leader.name}, ${leader.role}`);
  await addItem(page, /^Tags/, (dialog) =>
    dialog.getByRole("textbox", { name: "Tags" }).fill("Editing"),
  );
  await post
    .getByRole("textbox", { name: "Excerpt" })
    .fill("How marketing staff change the site from a browser, and what checks each save.");
  // A draft: shown by npm run dev, and allowed a body shorter than a published post's.
  await post.getByRole("checkbox", { name: "Draft" }).check();
  await post.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("Written and saved through the editing UI.");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/collection\/posts\/item\/editing-in-a-browser$/, {
    timeout: saveTimeout,
  });

  const event = await openEditor(page, `${paths.editing}/collection/events/create`, "Create");
  await event.getByRole("textbox", { name: "Slug" }).fill("editing-clinic-online");
  await event.getByRole("textbox", { name: "Title" }).fill("Editing clinic: the site in a browser");
  // Date and time pickers (the browser's own), written as the schema reads them.
  await event.getByRole("textbox", { name: "Start", exact: true }).fill("2027-06-10T18:00");
  await event.getByRole("textbox", { name: "End", exact: true }).fill("2027-06-10T19:30");
  await pick(page, event, /Kind$/, "Webinar");
  await event.getByRole("textbox", { name: "Time zone" }).fill("Europe/London");
  await event
    .getByRole("textbox", { name: "Summary" })
    .fill(
      "An hour online for editors: creating a post, an event and a page’s copy in the browser.",
    );
  for (const [time, item] of [
    ["18:00", "Creating a post and an event"],
    ["19:00", "Questions"],
  ] as const) {
    await addItem(page, /^Agenda/, async (dialog) => {
      await dialog.getByRole("textbox", { name: "Time", exact: true }).fill(time);
      await dialog.getByRole("textbox", { name: "Item" }).fill(item);
    });
  }
  // Each item is listed by its content, not "(empty)".
  await expect(
    event.getByRole("group", { name: /^Agenda/ }).getByText("18:00 · Creating a post and an event"),
  ).toBeVisible();
  await addItem(page, /^Questions/, async (dialog) => {
    await dialog.getByRole("textbox", { name: "Id" }).fill("site-role");
    await dialog.getByRole("textbox", { name: "Label" }).fill("What do you edit on the site?");
  });
  // Services by their names, not their ids.
  await addItem(page, /^Services/, (dialog) => pick(page, dialog, /Services$/, "Web Development"));
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/collection\/events\/item\/editing-clinic-online$/, {
    timeout: saveTimeout,
  });

  // What the UI saved passes the site's own loaders, with every rule they check.
  // Without the post broken at the start, fixed by content-errors-dev.spec.ts
  // unless that test failed first.
  const posts = Object.fromEntries(
    Object.entries(filesIn("content/posts")).filter(([key]) => key !== `/${brokenAtStart.file}`),
  );
  const saved = parsePosts(posts, { includeDrafts: true, team }).find(
    (entry) => entry.slug === "editing-in-a-browser",
  );
  expect(saved).toMatchObject({ author: { name: leader.name }, draft: true, date: "2026-11-20" });
  const savedEvent = loadEvents(filesIn("content/events")).find(
    (entry) => entry.slug === "editing-clinic-online",
  );
  expect(savedEvent).toMatchObject({ kind: "webinar", start: "2027-06-10T18:00" });
  expect(savedEvent?.questions).toEqual([
    { id: "site-role", label: "What do you edit on the site?", required: false },
  ]);

  await expectOnPage(page, paths.blog, "Editing the site in a browser");
  await expect(
    page.getByRole("link", { name: /Editing the site in a browser/ }).first(),
  ).toHaveAttribute("href", postPath("editing-in-a-browser"));
  await expectOnPage(page, paths.events, "Editing clinic: the site in a browser");
  await expectOnPage(page, eventPath("editing-clinic-online"), "What do you edit on the site?");

  // Keystatic asks for Google's web font, which the editing policy refuses
  // (nothing loads from elsewhere; the UI uses the system font): nothing else is refused.
  expect(new Set(violations)).toEqual(
    new Set([
      "style-src-elem https://fonts.googleapis.com/css2?family=Inter:wght@400;500;600;700&display=swap",
    ]),
  );
});

test("an editor changes a service's copy and the service page shows it", async ({ page }) => {
  test.setTimeout(300_000);
  const promise = "Web platforms your team can change on a Monday and ship on a Tuesday.";
  const service = await openEditor(
    page,
    `${paths.editing}/collection/services/item/web-development`,
    "Save",
  );
  await service.getByRole("textbox", { name: "Promise" }).fill(promise);
  await page.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(
      () => readFileSync(path.join(projectRoot, "content/services/web-development.yaml"), "utf8"),
      { timeout: saveTimeout },
    )
    .toContain(promise);

  // Only the field's lines changed (decision 091): Keystatic's whole-file
  // rewrite is merged into the file as it was and formatted as the repository does.
  expect(changedLines("content/services/web-development.yaml")).toBeLessThanOrEqual(3);
  const contents = loadServiceContents(
    filesIn("content/services"),
    products.map((product) => product.slug),
  );
  expect(contents.find((entry) => entry.id === "web-development")?.promise).toBe(promise);
  await expectOnPage(page, servicePath("web-development"), promise);
});

/** The message Keystatic shows above the form when our API refuses a save (decision 091). */
const refusal = (page: Page) => page.getByRole("alert").filter({ hasText: "Not saved" });

/** Saves, and waits for the refusal that lists `problem`. */
async function expectRefused(page: Page, problem: string) {
  await page.getByRole("button", { name: "Save" }).click();
  await expect(refusal(page)).toContainText(problem, { timeout: saveTimeout });
}

test("the editor shows each rule of the site where a save would break it, and saves nothing the site would leave out", async ({
  page,
}) => {
  test.setTimeout(480_000);
  const leader = team[0]!;
  const created = path.join(projectRoot, "content/posts/editor-checks.md");

  // A new post: a missing field and an over-long title are shown next to
  // their fields, and an impossible day next to the date; nothing is created.
  const post = await openEditor(page, `${paths.editing}/collection/posts/create`, "Create");
  await page.getByRole("button", { name: "Create" }).click();
  for (const missing of [
    "Title must not be empty",
    "Author is required: pick someone from the team",
    "Excerpt must be at least 50 characters long",
  ]) {
    await expect(post.getByText(missing)).toBeVisible();
  }
  await post.getByRole("textbox", { name: "Title" }).fill(`A title ${"far ".repeat(30)}too long`);
  await expect(post.getByText("Title must be no longer than 110 characters")).toBeVisible();
  const date = post.getByRole("textbox", { name: "Date" });
  await date.focus();
  await page.keyboard.type("02302027");
  await page.keyboard.press("Tab");
  await expect(post.getByText(/Date: that day is not in the calendar/)).toBeVisible();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/collection\/posts\/create$/);
  expect(readdirSync(path.join(projectRoot, "content/posts"))).not.toContain("editor-checks.md");

  // A post written by hand with an author who is not in the team and an
  // image that is not there: the entry opens and says what is wrong.
  writeFileSync(
    created,
    [
      "---",
      "title: What the editor checks before it saves",
      "slug: editor-checks",
      "date: 2026-11-25",
      "author: { name: Nobody Known, role: Writer }",
      "tags: [Editing]",
      "excerpt: Every rule the site holds a post to, said in the editor before the post is saved.",
      "draft: true",
      "---",
      "",
      "A draft that shows a chart.",
      "",
      "![The chart](/images/posts/missing-chart.png)",
      "",
    ].join("\n"),
  );
  const written = () => readFileSync(created, "utf8");
  const asWritten = written();
  await openEditor(page, `${paths.editing}/collection/posts/item/editor-checks`, "Save");
  await expect(
    post.getByText("“Nobody Known” is not in the team (content/team): pick someone from the list"),
  ).toBeVisible();
  await pick(page, post, /Author$/, `${leader.name}, ${leader.role}`);
  await expectRefused(page, "content/posts/editor-checks.md");
  await expect(refusal(page)).toContainText(
    "body: “/images/posts/missing-chart.png” is not there: no file content/images/posts/missing-chart.png",
  );
  expect(written()).toBe(asWritten);

  // The author takes the broken image out of the text; a straight apostrophe
  // in the title breaks the house style.
  await post
    .getByRole("textbox", { name: "Body" })
    .getByText("missing-chart.png")
    .click({ clickCount: 3 });
  await page.keyboard.press("Backspace");
  await post.getByRole("textbox", { name: "Title" }).fill("What the editor's checks are for");
  await expectRefused(page, "line 2, title: has a straight quote or apostrophe in");
  expect(written()).toBe(asWritten);

  // Published, with a cover figure the text never gives: two rules of a post.
  await post.getByRole("textbox", { name: "Title" }).fill("What the editor’s checks are for");
  await post.getByRole("checkbox", { name: "Draft" }).uncheck();
  const cover = post.getByRole("group", { name: "Cover" });
  await cover.getByRole("textbox", { name: "Figure" }).fill("5 questions");
  await cover.getByRole("textbox", { name: "Caption" }).fill("asked before every save");
  await expectRefused(page, "Fix these 2 things");
  await expect(refusal(page)).toContainText(
    'cover.figure: "5 questions" must appear in the post\'s title, excerpt or text',
  );
  await expect(refusal(page)).toContainText("a published post needs at least 600");
  expect(written()).toBe(asWritten);

  // A draft again, without the cover: saved, and the dev site lists it.
  await post.getByRole("checkbox", { name: "Draft" }).check();
  await cover.getByRole("textbox", { name: "Figure" }).fill("");
  await cover.getByRole("textbox", { name: "Caption" }).fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(written, { timeout: saveTimeout })
    .toContain("title: What the editor’s checks are for");
  await expect(refusal(page)).toBeHidden();
  const saved = parsePosts(
    { "/content/posts/editor-checks.md": written() },
    { includeDrafts: true, team },
  )[0];
  expect(saved).toMatchObject({ author: { name: leader.name, role: leader.role }, draft: true });
  await expectOnPage(page, paths.blog, "What the editor’s checks are for");
});

test("a ninth product added in the editor is on the portfolio and home, with its own case page, and takes nothing from the eight", async ({
  page,
}) => {
  test.setTimeout(480_000);
  const eight = Object.fromEntries(
    products.map((product) => [
      product.slug,
      readFileSync(`content/products/${product.slug}.yaml`, "utf8"),
    ]),
  );
  const product = await openEditor(page, `${paths.editing}/collection/products/create`, "Create");
  await product.getByRole("textbox", { name: "Slug" }).fill("rota-relay");
  await product.getByRole("textbox", { name: "Name", exact: true }).first().fill("RotaRelay");
  await product.getByRole("textbox", { name: "Industry" }).fill("Healthcare");
  await product
    .getByRole("textbox", { name: "Summary" })
    .fill("Shift swaps and cover for hospital nursing teams, agreed in minutes.");
  const client = product.getByRole("group", { name: "Client" });
  await client.getByRole("textbox", { name: "Name" }).fill("Westmere Hospitals");
  await client.getByRole("textbox", { name: "About" }).fill("A group of 4 teaching hospitals");

  // Every drawing is another product's: each is offered but disabled, saying
  // whose it is, and the new product keeps a pattern of its own.
  await product.getByRole("button", { name: /Art$/ }).click();
  for (const other of products.filter((entry) => entry.art)) {
    await expect(
      page.getByRole("option", { name: new RegExp(`\\(used by ${other.name}\\)`) }),
    ).toHaveAttribute("aria-disabled", "true");
  }
  await page.getByRole("option", { name: "None: a pattern of its own" }).click();

  await product.getByRole("textbox", { name: "Duration" }).fill("5 months");
  await addItem(page, /^Services/, (dialog) =>
    pick(page, dialog, /Services$/, "Mobile App Development"),
  );
  const headline = product.getByRole("group", { name: "Headline result" });
  await headline.getByRole("textbox", { name: "Value" }).fill("3×");
  await headline.getByRole("textbox", { name: "Label" }).fill("faster cover for open shifts");
  await product
    .getByRole("textbox", { name: "Challenge" })
    .fill(
      "Open shifts were filled by phone: a ward manager rang round the bank staff list until someone said yes.",
    );
  await product
    .getByRole("textbox", { name: "Solution" })
    .fill(
      "A mobile app offers each open shift to the nurses qualified for it, and the ward confirms the first who accepts.",
    );
  for (const [title, detail] of [
    [
      "Shadowed the ward managers",
      "We spent 2 weeks on 3 wards, timing every call made to fill a shift.",
    ],
    [
      "Offered shifts by rule",
      "Each open shift goes to the nurses whose grade and ward training fit it.",
    ],
  ] as const) {
    await addItem(page, /^Approach/, async (dialog) => {
      await dialog.getByRole("textbox", { name: "Title" }).fill(title);
      await dialog.getByRole("textbox", { name: "Detail" }).fill(detail);
    });
  }
  for (const [when, milestone] of [
    ["Weeks 1–4", "Discovery on 3 wards"],
    ["Weeks 5–20", "The app live on every ward"],
  ] as const) {
    await addItem(page, /^Timeline/, async (dialog) => {
      await dialog.getByRole("textbox", { name: "When" }).fill(when);
      await dialog.getByRole("textbox", { name: "Milestone" }).fill(milestone);
    });
  }
  await addItem(page, /^Team/, async (dialog) => {
    await dialog.getByRole("textbox", { name: "Role" }).fill("Engineers");
    await dialog.getByRole("textbox", { name: "Count" }).fill("4");
  });
  for (const result of ["Open shifts covered 3× faster", "Agency spend down by a third"]) {
    await addItem(page, /^Results/, (dialog) =>
      dialog.getByRole("textbox", { name: "Results" }).fill(result),
    );
  }
  for (const technology of ["Kotlin", "Swift"]) {
    await addItem(page, /^Technologies/, (dialog) =>
      dialog.getByRole("textbox", { name: "Technologies" }).fill(technology),
    );
  }
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/collection\/products\/item\/rota-relay$/, {
    timeout: saveTimeout,
  });

  // The file has no drawing of another product; the eight files are as they were.
  const saved = readFileSync(path.join(projectRoot, "content/products/rota-relay.yaml"), "utf8");
  expect(saved).not.toMatch(/^art:/m);
  for (const [slug, text] of Object.entries(eight)) {
    expect(
      readFileSync(path.join(projectRoot, `content/products/${slug}.yaml`), "utf8"),
      slug,
    ).toBe(text);
  }

  // Healthcare is a sixth industry: counted too.
  await expectOnPage(page, paths.portfolio, "Nine products, six industries");
  await expect(page.getByText("Showing all 9 products.")).toBeAttached();
  for (const { name } of [...products, { name: "RotaRelay" }]) {
    await expect(page.locator("main").getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expectOnPage(page, paths.home, "Nine products shipped. Nine numbers moved.");
  await expect(page.getByRole("link", { name: /Westmere Hospitals/ })).toHaveAttribute(
    "href",
    productPath("rota-relay"),
  );
  await expectOnPage(page, productPath("rota-relay"), "Westmere Hospitals");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("RotaRelay");
});
