import { aboutCopy, team } from "./content-files";
import {
  clickWhenSettled,
  expect,
  expectSectionBelowHeader,
  footer,
  gotoHydrated,
  openFooterColumns,
  test,
} from "./fixtures";

test("About has the footer's three sections, each headed and named", async ({ page }) => {
  await gotoHydrated(page, "/about");
  for (const [id, title] of [
    ["vision", aboutCopy.vision.title],
    ["leadership", aboutCopy.leadership.title],
    ["csr", aboutCopy.csr.title],
  ] as const) {
    const section = page.getByRole("region", { name: title });
    await expect(section).toHaveAttribute("id", id);
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(title);
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});

test("the leadership section lists every leader with a portrait and a named LinkedIn link", async ({
  page,
}) => {
  await gotoHydrated(page, "/about");
  const people = page.locator("#leadership").getByTestId("team-member");
  await expect(people).toHaveCount(team.length);
  for (const [index, person] of team.entries()) {
    const card = people.nth(index);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(person.name);
    const portrait = card.getByTestId("portrait");
    await expect(portrait).toHaveAttribute("src", /^\/art\/portrait-[a-z-]+\.svg$/);
    // Loaded lazily: it loads once it comes near the screen.
    await portrait.scrollIntoViewIfNeeded();
    await expect(portrait).toHaveJSProperty("complete", true);
    expect(
      await portrait.evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBeGreaterThan(0);
    const profile = card.getByRole("link");
    await expect(profile).toHaveAttribute("href", person.linkedin);
    await expect(profile).toHaveAccessibleName(new RegExp(`LinkedIn.*${person.name}`));
    await expect(profile).toHaveAttribute("rel", /noopener/);
  }
});

test("every footer link to an About section lands it below the header @both-widths", async ({
  page,
  headerOffset,
}) => {
  const links = [
    ["Our Vision", "vision"],
    ["Leadership", "leadership"],
    ["Commitment to Society", "csr"],
  ] as const;
  await gotoHydrated(page, "/portfolio");
  await openFooterColumns(page);
  for (const [label, id] of links) {
    await clickWhenSettled(footer(page).getByRole("link", { name: label }));
    await expect(page).toHaveURL(`/about#${id}`);
    await expectSectionBelowHeader(page, id, headerOffset);
  }
});

test("the commitments to society are the four the content lists", async ({ page }) => {
  await gotoHydrated(page, "/about#csr");
  await expect(page.locator("#csr").getByRole("heading", { level: 3 })).toHaveText(
    aboutCopy.csr.commitments.map((commitment) => commitment.title),
  );
});
