import { describe, expect, it } from "vitest";
import { aboutPage } from "~/features/company/about-page.server";
import { figures, figureStats } from "~/features/company/figures.server";

describe("figures", () => {
  it("lists years, projects, retention and team size in that order", () => {
    expect(figureStats().map((figure) => figure.id)).toEqual([
      "years-in-business",
      "projects-delivered",
      "client-retention",
      "team-size",
    ]);
    for (const figure of figureStats()) {
      expect(figure.value, figure.id).not.toBe("");
      expect(figure.label, figure.id).not.toBe("");
    }
  });

  it("counts the years in business from the founding year", () => {
    const stats = figureStats({ ...figures, founded: 2014 }, new Date("2026-06-01T12:00:00Z"));
    expect(stats[0]?.value).toBe("12");
  });

  it("agrees with the About page's story on the founding year", () => {
    expect(aboutPage.story.milestones[0]?.year).toBe(figures.founded);
  });
});
