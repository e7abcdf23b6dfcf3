import type { Page } from "@playwright/test";
import {
  budgetOptions,
  contactFormMessages,
  contactSentParam,
  serviceOptions,
} from "~/features/contact/contact-schema";
import { validLeadFields } from "../support/contact-posts";
import { e2eDatabase, findLeadByEmail, postAtHumanPace, uniqueEmail } from "./contact-support";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures";

// The contact form in Chromium, with and without JavaScript, against the
// production server. Each test finds its own lead by a unique e-mail address.

const xss = `"><img src=x onerror=alert(1)>`;

async function fillEnquiry(page: Page, email: string, overrides: { name?: string } = {}) {
  const form = page.locator("main form");
  await form.getByLabel("Your name").fill(overrides.name ?? validLeadFields.name);
  await form.getByLabel("Work e-mail").fill(email);
  await form.getByLabel("Company").fill(validLeadFields.company);
  await form.getByRole("textbox", { name: /^Phone/ }).fill(validLeadFields.phone);
  await form.getByLabel("Service of interest").selectOption(validLeadFields.service);
  await form.getByLabel("Budget range").selectOption(validLeadFields.budget);
  await form.getByLabel("About your project").fill(validLeadFields.message);
  await form.getByRole("checkbox").check();
}

function sendButton(page: Page) {
  return page.locator("main form").getByRole("button", { name: /Send enquiry|Sending/ });
}

test.describe("with JavaScript", () => {
  test("an enquiry is sent without a reload, shows a pending state, and is stored @smoke", async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    await postAtHumanPace(page);
    const email = uniqueEmail("js");
    await fillEnquiry(page, email);

    // Hold the post until the pending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/contact.data*", async (route) => {
      await held;
      await route.fallback();
    });
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await sendButton(page).click();
    await expect(sendButton(page)).toHaveAttribute("aria-disabled", "true");
    await expect(page.locator("main form")).toHaveAttribute("aria-busy", "true");
    await expect(page.locator("main form").getByRole("status")).toHaveText(/\S/);
    release();

    const confirmation = page.getByRole("heading", { level: 2, name: /Thank you/ });
    await expect(confirmation).toBeFocused();
    expect(new URL(page.url()).searchParams.get(contactSentParam)).toBe("1");
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    const db = await e2eDatabase();
    const lead = await findLeadByEmail(db, email);
    await db.destroy();
    expect(lead).toMatchObject({ ...validLeadFields, email });
  });

  test("errors found in the browser are beside their fields, announced, and take focus", async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    const { posted } = await postAtHumanPace(page);
    const form = page.locator("main form");
    await form.getByLabel("Work e-mail").fill("ana@");
    await sendButton(page).click();

    const name = form.getByLabel("Your name");
    await expect(name).toBeFocused();
    const expected = {
      "Your name": contactFormMessages.name.missing,
      "Work e-mail": contactFormMessages.email.malformed,
      "Service of interest": contactFormMessages.service.missing,
      "About your project": contactFormMessages.message.missing,
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = form.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
    }
    await expect(form.getByRole("checkbox")).toHaveAccessibleDescription(
      contactFormMessages.consent.missing,
    );
    // The optional fields (issue 16: company and budget too) are not in error when empty.
    for (const optional of [
      form.getByRole("textbox", { name: /^Phone/ }),
      form.getByRole("textbox", { name: /^Company/ }),
      form.getByRole("combobox", { name: /^Budget range/ }),
    ]) {
      await expect(optional).not.toHaveAttribute("aria-invalid", "true");
    }
    await expect(form.locator("[aria-live]")).toContainText("5 fields need your attention");
    // What was typed stays, and nothing was posted.
    await expect(form.getByLabel("Work e-mail")).toHaveValue("ana@");
    expect(posted).toEqual([]);

    // A fixed field clears its error at once.
    await name.fill("Ana Ribeiro");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.locator("[aria-live]")).toContainText("4 fields need your attention");
  });

  test("a stale form is refused with a message that takes focus, then goes through", async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    // The visitor left the page open for five hours.
    const stale = await postAtHumanPace(page, { tokenAgeMs: 5 * 60 * 60 * 1000 });
    const email = uniqueEmail("stale");
    await fillEnquiry(page, email);
    await sendButton(page).click();
    await expect(page.locator("main form [data-form-message]")).toBeFocused();
    await expect(page.locator("main form").getByLabel("Work e-mail")).toHaveValue(email);
    await stale.stop();

    await postAtHumanPace(page);
    await sendButton(page).click();
    await expect(page.getByRole("heading", { level: 2, name: /Thank you/ })).toBeFocused();
    const db = await e2eDatabase();
    expect(await findLeadByEmail(db, email)).toBeTruthy();
    await db.destroy();
  });

  test("axe finds no violations with errors shown and on the confirmation", async ({ page }) => {
    test.slow(); // two full-page axe runs and a post
    // The empty form is scanned with every page (every-page.spec.ts).
    await gotoHydrated(page, "/contact");
    await sendButton(page).click();
    await expect(page.locator("main form [aria-invalid='true']").first()).toBeFocused();
    await expectNoAxeViolations(page);
    await postAtHumanPace(page);
    await fillEnquiry(page, uniqueEmail("axe"));
    await sendButton(page).click();
    await expect(page.getByRole("heading", { level: 2, name: /Thank you/ })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("an enquiry with only the required fields is stored, company and budget empty", async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    await postAtHumanPace(page);
    const email = uniqueEmail("required-only");
    const form = page.locator("main form");
    await form.getByLabel("Your name").fill(validLeadFields.name);
    await form.getByLabel("Work e-mail").fill(email);
    await form.getByLabel("Service of interest").selectOption(validLeadFields.service);
    await form.getByLabel("About your project").fill(validLeadFields.message);
    await form.getByRole("checkbox").check();
    await sendButton(page).click();
    await expect(page.getByRole("heading", { level: 2, name: /Thank you/ })).toBeFocused();

    const db = await e2eDatabase();
    const lead = await findLeadByEmail(db, email);
    await db.destroy();
    expect(lead).toMatchObject({ email, company: null, phone: null, budget: null });
  });

  test("/contact?service=ID preselects that service", async ({ page, request }) => {
    // Every id in the server's HTML, as the page first arrives; one in the browser.
    for (const option of serviceOptions) {
      const html = await (await request.get(`/contact?service=${option.id}`)).text();
      const serviceSelect = /<select[^>]*name="service"[\s\S]*?<\/select>/.exec(html)?.[0] ?? "";
      const selected = [...serviceSelect.matchAll(/<option[^>]*\bselected=""[^>]*>/g)].map(
        (match) => match[0],
      );
      expect(selected, option.id).toEqual([expect.stringContaining(`value="${option.id}"`)]);
    }
    const [chosen] = serviceOptions;
    await gotoHydrated(page, `/contact?service=${chosen!.id}`);
    await expect(page.getByLabel("Service of interest")).toHaveValue(chosen!.id);
    await page.goto("/contact?service=not-a-service");
    await expect(page.getByLabel("Service of interest")).toHaveValue("");
    await expect(page.getByLabel("Budget range").locator("option")).toHaveCount(
      budgetOptions.length + 1,
    );
  });
});

test("the form's first field starts within the first screen @both-widths", async ({
  page,
  viewportKind,
}) => {
  // Issue 16: a visitor who came to get in touch sees where to start.
  await page.goto("/contact");
  const field = page.getByRole("textbox", { name: /your name/i });
  const box = await field.boundingBox();
  expect(box).not.toBeNull();
  const limit = page.viewportSize()!.height;
  expect(box!.y).toBeLessThan(limit);
  // On a wide screen the whole field shows, not only its top edge.
  if (page.viewportSize()!.width >= 1024) expect(box!.y + box!.height).toBeLessThanOrEqual(limit);
  if (viewportKind !== "mobile") return;
  // Issue 30: the smallest phone in use, 320x568, shows the whole field too.
  await page.setViewportSize({ width: 320, height: 568 });
  await expect
    .poll(async () => {
      const small = await field.boundingBox();
      return small ? small.y + small.height : Infinity;
    })
    .toBeLessThanOrEqual(568);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, redirects to the thank-you state, and the lead is stored", async ({
    page,
  }) => {
    await page.goto("/contact?service=iot");
    await postAtHumanPace(page);
    const email = uniqueEmail("nojs");
    await fillEnquiry(page, email);
    // The page holds no token without JavaScript: the first post brings the
    // form back, filled in, with one, and asks for it once more.
    const [first] = await Promise.all([
      page.waitForResponse((res) => res.request().method() === "POST"),
      sendButton(page).click(),
    ]);
    expect(first.status()).toBe(400);
    await expect(page.locator("[data-form-message]")).toContainText("One more step");
    await expect(page.getByLabel("Work e-mail")).toHaveValue(email);
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.request().method() === "POST"),
      sendButton(page).click(),
    ]);
    expect(response.status()).toBe(303);
    await page.waitForURL((url) => url.searchParams.get(contactSentParam) === "1");
    await expect(page.getByRole("heading", { level: 2, name: /Thank you/ })).toBeVisible();
    expect(new URL(page.url()).hash).toBe("#enquiry");

    const db = await e2eDatabase();
    const lead = await findLeadByEmail(db, email);
    await db.destroy();
    expect(lead).toMatchObject({ ...validLeadFields, email });
  });

  test("errors come back beside their fields, escaped, keeping what was typed", async ({
    page,
  }) => {
    page.on("dialog", (dialog) => {
      throw new Error(`a script ran: ${dialog.message()}`);
    });
    await page.goto("/contact");
    await postAtHumanPace(page);
    const form = page.locator("main form");
    await form.getByLabel("Your name").fill(xss);
    await form.getByLabel("Work e-mail").fill("not an address");
    await form.getByLabel("About your project").fill(`${xss} and ' OR 1=1--`);
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.request().method() === "POST"),
      sendButton(page).click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();

    await expect(form.getByLabel("Your name")).toHaveValue(xss);
    await expect(form.getByLabel("About your project")).toHaveValue(`${xss} and ' OR 1=1--`);
    await expect(form.getByLabel("Work e-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Work e-mail")).toHaveAccessibleDescription(
      contactFormMessages.email.malformed,
    );
    await expect(form.getByLabel("Your name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("main img")).toHaveCount(0);
    await expect(form.locator("[aria-live]")).toContainText("fields need your attention");
    expect(new URL(page.url()).hash).toBe("#enquiry");
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
