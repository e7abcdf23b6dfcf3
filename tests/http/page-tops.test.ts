import { afterAll, beforeAll, expect, test } from "vitest";
import { siteConfig } from "~/config/site";
import { eventPath, productPath } from "~/config/paths";
import { portraitOf, team } from "~/features/company/team.server";
import { scheduleAt } from "~/features/events/events.server";
import { products } from "~/features/portfolio/products.server";
import { startContactServer, type ContactServer } from "../e2e/contact-support";

// Each page type's top does its page's own job (issue 30, item 4), in the
// HTML every visitor gets, with or without JavaScript.

const clock = new Date("2027-01-10T09:00:00Z");
let server: ContactServer;
beforeAll(async () => {
  server = await startContactServer({ kind: "sqlite", clockStart: clock });
});
afterAll(() => server.close());

/** The page's top: its first section, the one with the h1. */
async function pageTop(path: string): Promise<string> {
  const html = await (await fetch(`${server.url}${path}`)).text();
  const start = html.indexOf("<section", html.indexOf("<main"));
  const top = html.slice(start, html.indexOf("</section>", start));
  expect(top).toContain("<h1");
  return top;
}

test("Portfolio's top leads with the first case: its result and a link to it", async () => {
  const [lead] = products;
  const top = await pageTop("/portfolio");
  expect(top).toContain(`href="${productPath(lead!.slug)}"`);
  expect(top).toContain(lead!.headlineResult.value);
});

test("Events' top gives the next event's date and a link to register", async () => {
  const [next] = scheduleAt(clock).upcoming;
  const top = await pageTop("/events");
  expect(top).toContain(`href="${eventPath(next!.slug)}"`);
  expect(top).toContain(`Register: ${next!.title}`);
});

test("About's top shows every leader, named", async () => {
  const top = await pageTop("/about");
  for (const member of team) expect(top).toContain(`alt="${member.name}"`);
  expect(top).toContain('href="/about#leadership"');
});

test("Contact's top gives the direct lines", async () => {
  const top = await pageTop("/contact");
  expect(top).toContain(`href="mailto:${siteConfig.email}"`);
  expect(top).toContain(`href="${siteConfig.phone.href}"`);
});

test("a leader looks the same wherever shown: About's portrait on their post and at their event", async () => {
  const about = await (await fetch(`${server.url}/about`)).text();
  for (const [name, path] of [
    ["Daniel Reyes", "/blog/reconciliation-at-scale"],
    ["Hannah Becker", "/events/threat-modelling-workshop"],
  ] as const) {
    const portrait = portraitOf(name);
    expect(about).toContain(`src="${portrait}"`);
    expect(await (await fetch(`${server.url}${path}`)).text()).toContain(`src="${portrait}"`);
  }
});
