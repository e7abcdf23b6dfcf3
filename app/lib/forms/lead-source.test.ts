import { describe, expect, it } from "vitest";
import { completeLeadSource, readLeadSource } from "./lead-source";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

function post(url: string, referer?: string) {
  return new Request(url, { method: "POST", headers: referer ? { Referer: referer } : {} });
}

describe("completeLeadSource", () => {
  it("keeps the tab's record sent with JavaScript", () => {
    const sent = form({ landingPage: "/", utmSource: "x", utmCampaign: "y", formPage: "/contact" });
    const source = completeLeadSource(
      sent,
      post("http://site.test/contact", "http://site.test/contact?utm_source=z"),
    );
    expect(source).toEqual({
      landingPage: "/",
      utmSource: "x",
      utmCampaign: "y",
      formPage: "/contact",
    });
  });

  it("without it, takes the page the form was sent from (the Referer) and its query", () => {
    const sent = form({ formPage: "/contact" });
    const source = completeLeadSource(
      sent,
      post(
        "http://site.test/contact",
        "http://site.test/contact?utm_source=x&utm_campaign=y&gclid=abc",
      ),
    );
    expect(source).toEqual({
      landingPage: "/contact",
      utmSource: "x",
      utmCampaign: "y",
      formPage: "/contact",
    });
    expect(readLeadSource(sent).source).toEqual({
      landingPage: "/contact",
      referrerHost: null,
      utmSource: "x",
      utmMedium: null,
      utmCampaign: "y",
      formPage: "/contact",
    });
  });

  it("ignores another site's Referer and falls back to the address posted to", () => {
    const sent = form({});
    expect(
      completeLeadSource(
        sent,
        post("http://site.test/events/a?utm_medium=m", "https://evil.example/?utm_source=spoof"),
      ),
    ).toEqual({
      landingPage: "/events/a",
      utmMedium: "m",
      formPage: "/events/a",
    });
  });
});

describe("readLeadSource", () => {
  it("drops what is past its bound or malformed, names it, and keeps the rest", () => {
    const { source, dropped } = readLeadSource(
      form({
        landingPage: "https://evil.example/",
        referrerHost: "www.LinkedIn.com/path",
        utmSource: "x".repeat(101),
        utmMedium: "bad\u0007bell",
        utmCampaign: "  spring  ",
        formPage: `/${"a".repeat(300)}`,
      }),
    );
    expect(source).toEqual({
      landingPage: null,
      referrerHost: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: "spring",
      formPage: null,
    });
    expect(dropped).toBe(
      "landingPage (must be a path on this site, like /contact), " +
        "referrerHost (must be a host name, like www.example.com), " +
        "utmSource (must be 100 characters or fewer), " +
        "utmMedium (must not hold control characters), " +
        "formPage (must be 300 characters or fewer)",
    );
  });

  it("accepts paths, host names and campaign labels as browsers send them", () => {
    const fields = {
      landingPage: "/blog/caf%C3%A9",
      referrerHost: "xn--caf-dma.example",
      utmSource: "LinkedIn Ads",
      utmMedium: "cpc",
      utmCampaign: "Q1 – launch",
      formPage: "/events/reconciliation-round-table-london",
    };
    expect(readLeadSource(form(fields))).toEqual({ source: fields, dropped: "" });
    for (const path of ["//evil.example/x", "/a?b=1", "/a#b", "contact", "/a b"]) {
      expect(readLeadSource(form({ landingPage: path })).source.landingPage, path).toBeNull();
    }
  });
});
