import { describe, expect, it } from "vitest";
import { reportText } from "./report-command";

const row = (
  utm_source: string | null,
  utm_campaign: string | null,
  landing_page: string | null,
) => ({
  utm_source,
  utm_campaign,
  landing_page,
  referrer_host: utm_source === null ? "www.google.com" : null,
});

describe("the report", () => {
  it("counts leads and registrations by source, campaign and landing page", () => {
    const text = reportText(
      {
        leads: [row("x", "y", "/"), row("x", "y", "/"), row(null, null, "/blog/a")],
        registrations: [row("x", "y", "/events"), row(null, null, null)],
      },
      new Date("2026-10-28T09:00:00Z"),
    );
    expect(text).toContain("Since 2026-10-28 09:00 UTC: 3 leads, 2 registrations");
    const lines = text.split("\n").map((line) => line.replace(/\s+/g, " ").trim());
    expect(lines).toContain("x 2 1");
    expect(lines).toContain("www.google.com 1 1");
    expect(lines).toContain("y 2 1");
    expect(lines).toContain("(none) 1 1");
    expect(lines).toContain("/ 2 0");
    expect(lines).toContain("/blog/a 1 0");
    expect(lines).toContain("/events 0 1");
    expect(lines).toContain("(unknown) 0 1");
  });
});
