import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { headerOffsetPx } from "~/config/constants";

// The header's heights live in app.css (the CSP allows no inline style to set
// them from here); these are the spec's values, and the two must agree.
describe("the header offset in app.css", () => {
  const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
  const declared = (name: string) =>
    Number(new RegExp(`--header-offset-${name}:\\s*(\\d+)px`).exec(css)?.[1]);

  it("equals the spec's constants at both widths", () => {
    expect(declared("mobile")).toBe(headerOffsetPx.mobile);
    expect(declared("desktop")).toBe(headerOffsetPx.desktop);
  });
});
