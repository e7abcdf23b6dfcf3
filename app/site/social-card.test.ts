import { describe, expect, it } from "vitest";
import { socialCardSize } from "~/config/social";
import { pngSize } from "~/lib/png-size";
import { renderSocialCard } from "~/site/social-card.server";

describe("renderSocialCard", () => {
  it("renders a 1200x630 PNG, also for a long title", async () => {
    for (const title of ["Blockchain", "A long title ".repeat(8).trim()]) {
      const png = await renderSocialCard({ eyebrow: "Services", title });
      expect(pngSize(png)).toEqual(socialCardSize);
    }
  });
});

describe("pngSize", () => {
  it("rejects bytes that are not a PNG", () => {
    expect(pngSize(new TextEncoder().encode("<svg></svg> not a png at all"))).toBeUndefined();
  });
});
