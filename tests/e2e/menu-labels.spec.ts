import { services } from "~/config/services";
import { serviceContents } from "~/features/services/services.server";
import { readPublicPaths } from "~/site/pages.server";
import { expect, test } from "./fixtures";

/*
 * The spec's service labels that do not read as names ("Internet Of Things",
 * "Data Science Analytic") belong to the header, its dropdown and the footer.
 * Every page's <main>, as the server sends it, uses the services' display
 * names instead (issue 16, finding 6). tests/unit/menu-labels.test.ts checks
 * the source; this checks what a visitor reads, whatever component wrote it.
 */

const menuOnlyLabels = services
  .filter(
    (service) =>
      serviceContents.find((content) => content.id === service.id)?.name !== service.label,
  )
  .map((service) => service.label);

test.describe("spec menu labels in the page's own content", () => {
  test("there are labels to look for", () => {
    expect(menuOnlyLabels).toEqual(
      expect.arrayContaining(["Internet Of Things", "Data Science Analytic"]),
    );
  });

  for (const pagePath of [...readPublicPaths(), "/contact?service=iot"]) {
    test(`${pagePath}: none in <main>`, async ({ request }) => {
      const response = await request.get(pagePath);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0];
      expect(main, "the page has a <main>").toBeDefined();
      // Text and attribute values alike (an option's text, an aria-label).
      const markup = main!.replaceAll("&amp;", "&");
      expect(menuOnlyLabels.filter((label) => markup.includes(label))).toEqual([]);
    });
  }
});
