import { validLeadFields } from "../support/contact-posts";
import { e2eDatabase, findLeadByEmail, postAtHumanPace, uniqueEmail } from "./contact-support";
import { expect, gotoHydrated, test } from "./fixtures";

// Where a lead came from, with JavaScript (issue 28): the tab's first page notes it in
// sessionStorage, and the form sends it with the enquiry. No cookie is involved.

test("a lead sent after landing on /?utm_source=x&utm_campaign=y, then /contact, stores where it came from", async ({
  page,
}) => {
  await gotoHydrated(page, "/?utm_source=x&utm_campaign=y", {
    referer: "https://www.linkedin.com/feed/update/123",
  });
  // Another page of the site in the same tab: the first page's record stays.
  await gotoHydrated(page, "/about");
  await gotoHydrated(page, "/contact");
  await postAtHumanPace(page);
  const email = uniqueEmail("source");
  const form = page.locator("main form");
  await form.getByLabel("Your name").fill(validLeadFields.name);
  await form.getByLabel("Work e-mail").fill(email);
  await form.getByLabel("Service of interest").selectOption(validLeadFields.service);
  await form.getByLabel("About your project").fill(validLeadFields.message);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /Thank you/ })).toBeVisible();

  const db = await e2eDatabase();
  const lead = await findLeadByEmail(db, email);
  await db.destroy();
  expect(lead).toMatchObject({
    landing_page: "/",
    referrer_host: "www.linkedin.com",
    utm_source: "x",
    utm_medium: null,
    utm_campaign: "y",
    form_page: "/contact",
  });
  expect(await page.context().cookies()).toEqual([]);
});
