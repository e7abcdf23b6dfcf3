import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  footerGridColumns,
  headerOffsetPx,
  mediumBreakpointPx,
  servicesMenuTiming,
} from "~/config/constants";
import { footerColumns, headerNav, servicesMenu } from "~/config/navigation";
import { serviceIdRedirects, serviceIds } from "~/config/services";
import { siteConfig } from "~/config/site";

/*
 * The specification's tables, copied as ../shared/spec/seed-spec.md writes them
 * (and the product names from ../shared/design/BRIEF.md). app/config/ must
 * match them: a stray edit of the config fails here. Every other test reads its
 * expectations from app/config/.
 */
const spec = {
  desktopMenu: [
    ["Home", "/"],
    ["About", "/about"],
    ["Services", "dropdown"],
    ["Portfolio", "/portfolio"],
    ["Events", "/events"],
    ["Contact", "/contact"],
  ],
  servicesDropdown: [
    ["Mobile App Development", "/services/mobile-app"],
    ["Web Development", "/services/web-development"],
    ["Digital Marketing", "/services/digital-marketing"],
    ["Data Science Analytic", "/services/data-science"],
    ["AI/ML Development", "/services/ai-ml"],
    ["Internet Of Things", "/services/iot"],
    ["Blockchain", "/services/blockchain"],
    ["Strategy Consulting", "/services/strategy"],
    ["Product Management", "/services/product-management"],
    ["Product Design", "/services/product-design"],
    ["Cybersecurity", "/services/cyber-security"],
  ],
  footer: {
    industries: [
      "FinTech",
      "Retail & E-Commerce",
      "Life Sciences",
      "Manufacturing",
      "Technology & Startups",
    ],
    aboutUs: [
      ["Our Vision", "/about#vision"],
      ["News & Events", "/events"],
      ["Leadership", "/about#leadership"],
      ["Commitment to Society", "/about#csr"],
    ],
    servicesAndConsulting: [
      "/services/web-development",
      "/services/mobile-app",
      "/services/digital-marketing",
      "/services/cybersecurity",
      "/services/product-management",
      "/services/product-design",
    ],
    productNames: [
      "LedgerLoop",
      "PayPilot",
      "ShelfSense",
      "CartCraft",
      "CareBridge",
      "GenomeGrid",
      "FactoryPulse",
      "LaunchPad Studio",
    ],
    quickLinks: ["/about", "/services", "/portfolio", "/events"],
    contactButton: ["CONTACT", "/contact"],
  },
  constants: {
    hoverDelayMs: 200,
    skipDelayMs: 300,
    closeDelayMs: 150,
    headerOffsetMobilePx: 75,
    headerOffsetDesktopPx: 90,
    footerColumnsSmall: 2,
    footerColumnsMedium: 5,
  },
  // The brief fixes the medium breakpoint the spec leaves open.
  mediumBreakpointPx: 768,
  email: "hello@corvanta.example",
} as const;

function column(heading: string) {
  const found = footerColumns.find((candidate) => candidate.heading === heading);
  if (!found) throw new Error(`footer column ${heading} is missing`);
  return found;
}

describe("app/config matches the specification", () => {
  it("desktop menu: labels, paths and order", () => {
    expect(
      headerNav.map((item) => [item.label, item.kind === "link" ? item.href : "dropdown"]),
    ).toEqual(spec.desktopMenu);
  });

  it("Services dropdown: the eleven labels and paths, in order", () => {
    expect(servicesMenu.map((link) => [link.label, link.href])).toEqual(spec.servicesDropdown);
    const services = headerNav.find((item) => item.kind === "menu");
    expect(services?.items).toBe(servicesMenu);
  });

  it("service pages: exactly the dropdown's ids, plus the footer's cybersecurity redirect", () => {
    expect(serviceIds.map((id) => `/services/${id}`)).toEqual(
      spec.servicesDropdown.map(([, path]) => path),
    );
    expect(serviceIdRedirects).toEqual({ cybersecurity: "cyber-security" });
  });

  it("footer columns, in the spec's order", () => {
    expect(footerColumns.map((candidate) => candidate.heading)).toEqual([
      "Industries",
      "About Us",
      "Services & Consulting",
      "Products",
      "Quick Links",
    ]);
  });

  it("footer Industries are plain text", () => {
    expect(column("Industries")).toEqual({
      kind: "text",
      heading: "Industries",
      items: spec.footer.industries,
    });
  });

  it("footer About Us links carry their hashes", () => {
    const about = column("About Us");
    expect(about.kind === "links" && about.links.map((link) => [link.label, link.href])).toEqual(
      spec.footer.aboutUs,
    );
  });

  it("footer Services & Consulting keeps /services/cybersecurity as given", () => {
    const services = column("Services & Consulting");
    expect(services.kind === "links" && services.links.map((link) => link.href)).toEqual(
      spec.footer.servicesAndConsulting,
    );
  });

  it("footer Products: the brief's eight names, each linking to /portfolio", () => {
    const products = column("Products");
    expect(
      products.kind === "links" && products.links.map((link) => [link.label, link.href]),
    ).toEqual(spec.footer.productNames.map((name) => [name, "/portfolio"]));
  });

  it("footer Quick Links keep /services as given, and end with the CONTACT button", () => {
    const quick = column("Quick Links");
    expect(quick.kind === "links" && quick.links.map((link) => link.href)).toEqual(
      spec.footer.quickLinks,
    );
    expect(
      quick.kind === "links" && quick.button && [quick.button.label, quick.button.href],
    ).toEqual(spec.footer.contactButton);
  });

  it("constants: menu delays, header offsets, footer grid", () => {
    expect({
      hoverDelayMs: servicesMenuTiming.hoverDelayMs,
      skipDelayMs: servicesMenuTiming.skipDelayMs,
      closeDelayMs: servicesMenuTiming.closeDelayMs,
      headerOffsetMobilePx: headerOffsetPx.mobile,
      headerOffsetDesktopPx: headerOffsetPx.desktop,
      footerColumnsSmall: footerGridColumns.small,
      footerColumnsMedium: footerGridColumns.medium,
    }).toEqual(spec.constants);
  });

  it("the medium breakpoint is the same in the config and in Tailwind's theme", () => {
    expect(mediumBreakpointPx).toBe(spec.mediumBreakpointPx);
    const css = readFileSync(new URL("../../app/app.css", import.meta.url), "utf8");
    const themeValue = /--breakpoint-md:\s*([\d.]+)rem/.exec(css)?.[1];
    expect(Number(themeValue) * 16).toBe(mediumBreakpointPx);
  });

  it("the mailto address is the brief's {email}", () => {
    expect(siteConfig.email).toBe(spec.email);
  });
});
