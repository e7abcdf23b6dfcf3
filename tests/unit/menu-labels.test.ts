import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { services } from "~/config/services";
import { serviceContents } from "~/features/services/services.server";

/*
 * The spec's service labels ("Internet Of Things", "Data Science Analytic")
 * belong in the header, its dropdown and the footer (app/config/). Sentences,
 * cards, chips and headings use the content's name instead (issue 16).
 */
function files(directory: string, pattern: RegExp): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return full === path.join("app", "config") ? [] : files(full, pattern);
    return pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// Labels that read as a name anyway ("Blockchain", "Cybersecurity") may appear anywhere.
const menuOnlyLabels = services
  .filter(
    (service) =>
      serviceContents.find((content) => content.id === service.id)?.name !== service.label,
  )
  .map((service) => service.label);

describe("spec menu labels", () => {
  it("differ from the display names for the awkward ones", () => {
    expect(menuOnlyLabels).toContain("Internet Of Things");
    expect(menuOnlyLabels).toContain("Data Science Analytic");
  });

  it("appear nowhere outside the menus", () => {
    const leaks = [...files("content", /\.(ya?ml|md)$/), ...files("app", /\.tsx?$/)].flatMap(
      (file) => {
        const text = readFileSync(file, "utf8");
        return menuOnlyLabels
          .filter((label) => text.includes(label))
          .map((label) => `${file}: ${label}`);
      },
    );
    expect(leaks).toEqual([]);
  });
});
