import { openDatabase, parseDatabaseUrl } from "../../server/db/database";
import { validLeadFields } from "../support/contact-posts";
import { eventPath, paths, postPath, productPath, servicePath } from "~/config/paths";
import { expect, test } from "./authoring-fixtures";
import { findLeadByEmail, postAtHumanPace, uniqueEmail } from "./contact-support";
import { collectPolicyViolations } from "./fixtures";

// `npm run dev` as a developer starts it: the same server as production
// (docs/decisions/008) with Vite in place of the build. The contact form
// stores its lead, pages carry a CSP nonce, and Vite's dev client (its HMR
// websocket, the styles it injects) runs under that policy. The dev server is
// the authoring tests' shared one (authoring-fixtures.ts), started as on a
// fresh clone.

test("npm run dev serves the contact form through the production server: a lead is stored, under a CSP with a nonce", async ({
  page,
  authoring,
}) => {
  test.setTimeout(300_000);
  const { server, databaseUrl } = authoring;
  // What the server prints from here on: a test before this one may have
  // opened pages that made Vite pre-bundle packages of their own (Keystatic).
  const printedBefore = server.output().length;
  try {
    const violations = await collectPolicyViolations(page);
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(socket.url()));

    const response = await page.goto(`${server.url}/contact`);
    expect(response?.status()).toBe(200);
    const policy = (await response?.headerValue("content-security-policy")) ?? "";
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{22,})'/.exec(policy)?.[1];
    expect(nonce, `a script nonce in: ${policy}`).toBeDefined();
    // The same policy as production, plus the nonce for Vite's <style> elements.
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain("unsafe-inline");
    expect(await response?.text()).toContain(`nonce="${nonce}"`);

    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 120_000 });
    // Vite's HMR client connects to the page's own origin.
    await expect.poll(() => sockets).toContainEqual(expect.stringMatching(/^ws:\/\/127\.0\.0\.1:/));

    // The form token must be 3 s old; this signs one a minute old with the server's secret.
    await postAtHumanPace(page);
    const email = uniqueEmail("dev");
    const form = page.locator("main form");
    await form.getByLabel("Your name").fill(validLeadFields.name);
    await form.getByLabel("Work e-mail").fill(email);
    await form.getByLabel("Company").fill(validLeadFields.company);
    await form.getByRole("textbox", { name: /^Phone/ }).fill(validLeadFields.phone);
    await form.getByLabel("Service of interest").selectOption(validLeadFields.service);
    await form.getByLabel("Budget range").selectOption(validLeadFields.budget);
    await form.getByLabel("About your project").fill(validLeadFields.message);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: /Send enquiry/ }).click();
    await expect(page.getByRole("heading", { level: 2, name: /Thank you/ })).toBeVisible({
      timeout: 30_000,
    });

    const db = await openDatabase(parseDatabaseUrl(databaseUrl), { migrate: false });
    const lead = await findLeadByEmail(db, email);
    await db.destroy();
    expect(lead).toMatchObject({ ...validLeadFields, email });
    // One page of each other kind hydrates too, with what it imports.
    // Not brokenAtStart's post (authoring-fixtures.ts): its own test reads it.
    const post = "running-an-eight-week-mvp";
    for (const path of [
      paths.home,
      paths.about,
      servicePath("data-science"),
      productPath("ledgerloop"),
      postPath(post),
      paths.events,
      eventPath("reconciliation-round-table-london"),
    ]) {
      expect((await page.goto(`${server.url}${path}`))?.status(), path).toBe(200);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
    }
    expect(violations).toEqual([]);
    // Every package the site's pages import was pre-bundled at start: a
    // package found on first use makes Vite reload the page, and a reload sent
    // before the HMR client connects leaves the page unhydrated
    // (vite.config.ts). The pre-bundling ran (--force); Vite's "bundling
    // dependencies..." line is printed only when it takes over a second, so it
    // is not asked for.
    expect(server.output()).toContain("Forced re-optimization of dependencies");
    expect(server.output().slice(printedBefore)).not.toMatch(
      /dependenc(y|ies) optimized|optimized dependencies changed/,
    );
  } catch (error) {
    await test.info().attach("npm run dev output", { body: server.output() });
    throw error;
  }
});
