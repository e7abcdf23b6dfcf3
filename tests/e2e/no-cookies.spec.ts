import { pageTypes } from "../support/page-types";
import { expect, gotoHydrated, test } from "./fixtures";

// No cookie anywhere (issue 28): one visit to each page type, the privacy notice, the
// thank-you state and the 404, reading every response's Set-Cookie and document.cookie,
// and no request leaving the site. Desktop width only: nothing here depends on it.

const pages = [...pageTypes, "/privacy", "/contact?sent=1", "/no-such-page"];

test("no page sets a cookie or asks another site for anything", async ({ page, baseURL }) => {
  const setCookies: string[] = [];
  const elsewhere: string[] = [];
  page.on("response", async (response) => {
    const value = await response.headerValue("set-cookie").catch(() => null);
    if (value) setCookies.push(`${response.url()}: ${value}`);
  });
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.origin !== new URL(baseURL!).origin) {
      elsewhere.push(request.url());
    }
  });
  for (const path of pages) {
    await gotoHydrated(page, path);
    expect(await page.evaluate(() => document.cookie), path).toBe("");
  }
  // Responses still arriving (a form's token, a chunk) are read too.
  await page.waitForLoadState("networkidle");
  expect(setCookies).toEqual([]);
  expect(elsewhere).toEqual([]);
  expect(await page.context().cookies()).toEqual([]);
});
