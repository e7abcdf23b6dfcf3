import { servicePath } from "~/config/paths";
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { services, type ServiceId } from "~/config/services";
import { serviceRef } from "~/features/services/services.server";
import type { Page } from "@playwright/test";
import { clickWhenSettled, expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures";

/**
 * The eleven service pages, with expectations read from the config (labels,
 * ids) and from each service's content file (related ids, product, FAQs).
 * Every page's axe check in its resting state is in every-page.spec.ts.
 */

type ServiceFile = {
  related: ServiceId[];
  outcome: { product: string };
  faqs: { question: string; answer: string }[];
};

function contentOf(id: ServiceId): ServiceFile {
  return parse(readFileSync(`content/services/${id}.yaml`, "utf8")) as ServiceFile;
}

const contactHref = (id: ServiceId) => `/contact?service=${id}`;

test.describe("answers and links", () => {
  // Checks of the server's answers; one project is enough.

  test("every service id answers 200 with its display name as the only h1 and a title of its own", async ({
    request,
  }) => {
    const titles = new Set<string>();
    for (const service of services) {
      const response = await request.get(servicePath(service.id), { maxRedirects: 0 });
      expect(response.status(), service.id).toBe(200);
      const html = await response.text();
      const headings = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => match[1]);
      // The spec's label stays in the menus; the page names the service as its content does.
      const { name } = serviceRef(service.id);
      expect(
        headings.map((heading) => heading?.replaceAll("&amp;", "&")),
        service.id,
      ).toEqual([name]);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      expect(title.replaceAll("&amp;", "&"), service.id).toContain(name);
      expect(titles.has(title), `${service.id}: duplicate title ${title}`).toBe(false);
      titles.add(title);
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
      expect(description.length, service.id).toBeGreaterThanOrEqual(50);
      expect(description.length, service.id).toBeLessThanOrEqual(160);
    }
  });

  test("related services, the case study and the closing call to action link where they should", async ({
    page,
    request,
  }) => {
    for (const service of services) {
      const links = await serviceLinks(
        page,
        await (await request.get(servicePath(service.id))).text(),
      );
      const content = contentOf(service.id);
      expect(links.related, service.id).toEqual(content.related.map((id) => servicePath(id)));
      for (const href of links.related) {
        expect((await request.get(href, { maxRedirects: 0 })).status(), href).toBe(200);
      }
      expect(links.outcome, service.id).toEqual([`/portfolio#${content.outcome.product}`]);
      expect(links.closing, service.id).toEqual([contactHref(service.id)]);
    }
    expect((await request.get("/portfolio")).status()).toBe(200);
  });
});

/**
 * A service page's links as the server sends them, read by the browser's own
 * parser without loading the page (loading and hydrating eleven pages twice
 * took 30 s of the suite, issue 26); the call to action is followed in a
 * loaded page below.
 */
async function serviceLinks(page: Page, html: string) {
  return page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, "text/html");
    const hrefs = (selector: string) =>
      [...document.querySelectorAll(selector)].map((link) => link.getAttribute("href") ?? "");
    return {
      related: hrefs("#related a[href]"),
      outcome: hrefs("#outcome a[href]"),
      closing: hrefs("main section:last-of-type a[href]"),
    };
  }, html);
}

test("following the call to action opens the contact page for that service", async ({ page }) => {
  const service = services[4]!;
  await gotoHydrated(page, servicePath(service.id));
  await clickWhenSettled(page.locator("main section").last().getByRole("link"));
  await expect(page).toHaveURL(contactHref(service.id));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test.describe("FAQ accordion", () => {
  const service = services.find((entry) => entry.id === "cyber-security")!;
  const faqs = contentOf(service.id).faqs;

  test("opens and closes by keyboard, one question at a time or several", async ({ page }) => {
    await gotoHydrated(page, servicePath(service.id));
    const section = page.locator("#faqs");
    const questions = section.getByRole("button");
    await expect(questions).toHaveCount(faqs.length);

    // Tab from the link just before the list onto the first question.
    await section.getByRole("link").focus();
    await page.keyboard.press("Tab");
    const first = questions.first();
    await expect(first).toBeFocused();
    await expect(first).toHaveAccessibleName(faqs[0]!.question);
    await expect(first).toHaveAttribute("aria-expanded", "false");
    const firstAnswer = page.locator(`[id="${await first.getAttribute("aria-controls")}"]`);
    await expect(firstAnswer).toBeHidden();

    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toHaveText(faqs[0]!.answer);
    await expect(page.getByRole("region", { name: faqs[0]!.question })).toBeVisible();

    await page.keyboard.press("Space");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(firstAnswer).toBeHidden();

    // The next Tab reaches the second question; Space opens it.
    await page.keyboard.press("Tab");
    const second = questions.nth(1);
    await expect(second).toBeFocused();
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.locator(`[id="${await second.getAttribute("aria-controls")}"]`),
    ).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("every answer is in the server's HTML, hidden until opened", async ({ page }) => {
      await page.goto(servicePath(service.id));
      const answers = page.locator("#faqs [role=region]");
      await expect(answers).toHaveCount(faqs.length);
      for (const [index, faq] of faqs.entries()) {
        await expect(answers.nth(index)).toBeHidden();
        expect(await answers.nth(index).textContent()).toBe(faq.answer);
      }
    });
  });
});

// The resting state of every service page is checked in every-page.spec.ts.
// Every service's questions are one component with plain-text answers, so one
// page with all its answers open stands for them all (the answers' text is
// checked against content on every page above).
test("axe finds no violations on a service page with every answer open", async ({ page }) => {
  const service = services[0]!;
  await gotoHydrated(page, servicePath(service.id));
  const questions = page.locator("#faqs").getByRole("button");
  for (const question of await questions.all()) {
    await question.click();
    await expect(question).toHaveAttribute("aria-expanded", "true");
  }
  await expectNoAxeViolations(page, { include: "#faqs" });
});
