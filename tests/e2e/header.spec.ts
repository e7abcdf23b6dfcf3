import { servicesMenuTiming } from "~/config/constants";
import { headerNav, servicesMenu } from "~/config/navigation";
import { paths } from "~/config/paths";
import type { Page } from "@playwright/test";
import { desktopMenu, expect, gotoHydrated, test } from "./fixtures";

const links = headerNav.flatMap((item) => (item.kind === "link" ? [item] : []));

/** Home's desktop Services button, with the page's timers faked and paused: time moves only when the test says so. */
async function servicesOnPausedClock(page: Page) {
  await gotoHydrated(page, "/");
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  return desktopMenu(page).getByRole("button", { name: "Services" });
}

test.describe("desktop menu", () => {
  test("shows the spec's items in order, and marks the current page", async ({ page }) => {
    await gotoHydrated(page, "/portfolio");
    const menu = desktopMenu(page);
    const items = menu.locator(":scope > div > ul > li > a, :scope > div > ul > li > button");
    await expect(items).toHaveText(headerNav.map((item) => item.label));
    for (const link of links) {
      await expect(menu.getByRole("link", { name: link.label, exact: true })).toHaveAttribute(
        "href",
        link.href,
      );
    }
    await expect(menu.getByRole("link", { name: "Portfolio", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
  });

  test("the logo links home", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await page.getByRole("banner").getByRole("link", { name: /home$/ }).click();
    await expect(page).toHaveURL("/");
  });

  test("Services opens on hover only after its delay, and closes after its close delay", async ({
    page,
  }) => {
    const trigger = await servicesOnPausedClock(page);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await trigger.hover();
    await page.clock.runFor(servicesMenuTiming.hoverDelayMs - 1);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await page.clock.runFor(1);
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const dropdownLinks = desktopMenu(page).getByRole("list").getByRole("list").getByRole("link");
    await expect(dropdownLinks).toHaveText(servicesMenu.map((link) => link.label));

    await page.mouse.move(5, 600);
    await page.clock.runFor(servicesMenuTiming.closeDelayMs - 1);
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.clock.runFor(1);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    // Back within the skip delay, it opens again at once.
    await page.clock.runFor(servicesMenuTiming.skipDelayMs / 3);
    await trigger.hover();
    await page.clock.runFor(1);
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
  });

  test("a click after the mouse's rest has opened Services keeps it open; the next click closes it", async ({
    page,
  }) => {
    const trigger = await servicesOnPausedClock(page);

    await trigger.hover();
    await page.clock.runFor(servicesMenuTiming.hoverDelayMs);
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    // From the keyboard, a list the mouse's rest opened toggles shut as ever.
    await page.mouse.move(5, 600);
    await page.clock.runFor(servicesMenuTiming.skipDelayMs);
    await trigger.hover();
    await page.clock.runFor(servicesMenuTiming.hoverDelayMs);
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await trigger.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("Services lists the eleven service pages in order and opens on click", async ({ page }) => {
    await gotoHydrated(page, "/");
    const trigger = desktopMenu(page).getByRole("button", { name: "Services" });
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const dropdownLinks = desktopMenu(page).getByRole("list").getByRole("list").getByRole("link");
    await expect(dropdownLinks).toHaveText(servicesMenu.map((link) => link.label));
    for (const [index, link] of servicesMenu.entries()) {
      await expect(dropdownLinks.nth(index)).toHaveAttribute("href", link.href);
    }

    await dropdownLinks.nth(1).click();
    await expect(page).toHaveURL(servicesMenu[1]!.href);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(desktopMenu(page).getByRole("link", { name: servicesMenu[1]!.label })).toHaveCount(
      0,
    );
  });

  test("Services works from the keyboard", async ({ page }) => {
    await gotoHydrated(page, "/");
    const menu = desktopMenu(page);
    const trigger = menu.getByRole("button", { name: "Services" });
    await menu.getByRole("link", { name: "About", exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: servicesMenu[0]!.label })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(servicesMenu[0]!.href);
  });
});

test.describe("mobile menu @phone", () => {
  test("the hamburger opens the menu; Services expands; choosing a link closes it", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await expect(desktopMenu(page)).toBeHidden();
    const button = page.getByRole("button", { name: "Menu", exact: true });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    const topLevel = panel.locator(":scope > ul > li > a, :scope > ul > li > button");
    await expect(topLevel).toHaveText(headerNav.map((item) => item.label));

    const services = panel.getByRole("button", { name: "Services" });
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    const serviceLinks = panel
      .locator(`[id="${await services.getAttribute("aria-controls")}"]`)
      .getByRole("link");
    await expect(serviceLinks).toHaveText(servicesMenu.map((link) => link.label));
    for (const [index, link] of servicesMenu.entries()) {
      await expect(serviceLinks.nth(index)).toHaveAttribute("href", link.href);
    }

    const choice = servicesMenu[4]!;
    await serviceLinks.nth(4).click();
    await expect(page).toHaveURL(choice.href);
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("every top-level link navigates and closes the menu", async ({ page }) => {
    const start = links.find((link) => link.href === paths.about)!;
    await gotoHydrated(page, start.href);
    const button = page.getByRole("button", { name: "Menu", exact: true });
    const nav = page.getByRole("navigation", { name: "Main" });
    let current = start.label;
    for (const link of links) {
      // The address changes before React has drawn the new page, and a menu
      // opened on the old page closes when the new one is drawn
      // (mobile-nav.tsx): it is opened again until it marks the current page.
      await expect(async () => {
        if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
        await expect(nav.getByRole("link", { name: current, exact: true })).toHaveAttribute(
          "aria-current",
          "page",
          { timeout: 1_000 },
        );
      }).toPass();
      await nav.getByRole("link", { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(link.href);
      await expect(button).toHaveAttribute("aria-expanded", "false");
      current = link.label;
    }
  });

  test("the menu's spec items come first, then Start a project, which leads to the contact page", async ({
    page,
  }) => {
    // Issue 16, finding 10: the call to action sits after the list, so the
    // list holds exactly the spec's items and the tab order reaches it last.
    await gotoHydrated(page, "/about");
    const button = page.getByRole("button", { name: "Menu", exact: true });
    await button.click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.locator(":scope > ul > li")).toHaveCount(headerNav.length);
    const focusable = nav.locator("a:visible, button:visible");
    await expect(focusable).toHaveText([...headerNav.map((item) => item.label), "Start a project"]);
    const cta = nav.getByRole("link", { name: "Start a project" });
    await expect(cta).toHaveAttribute("href", "/contact");
    await expect(
      nav.locator(":scope > ul").getByRole("link", { name: "Start a project" }),
    ).toHaveCount(0);

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: links.at(-1)!.label, exact: true })
      .focus();
    await page.keyboard.press("Tab");
    await expect(cta).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/contact");
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("the open menu marks the current page", async ({ page }) => {
    await gotoHydrated(page, "/events");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(
      page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]'),
    ).toHaveText("Events");
  });

  test("Escape closes the menu and returns focus to the hamburger", async ({ page }) => {
    await gotoHydrated(page, "/");
    const button = page.getByRole("button", { name: "Menu", exact: true });
    await button.click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Home" })
      .focus();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  });

  test("the page behind does not scroll while the menu is open", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(page.locator("main")).toHaveJSProperty("inert", true);
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 800);
    await page.keyboard.press("End");
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(page.locator("main")).toHaveJSProperty("inert", false);
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});
