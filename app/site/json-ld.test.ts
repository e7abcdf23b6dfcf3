import { describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { absoluteUrl } from "~/config/site-url";
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  eventJsonLd,
  organizationJsonLd,
  serviceJsonLd,
  websiteJsonLd,
} from "~/site/json-ld";

const event = {
  name: "Reconciliation round table",
  description: "Payment operations leaders compare notes.",
  path: "/events/reconciliation-round-table",
  startDate: "2027-03-18T09:30:00+00:00",
  endDate: "2027-03-18T12:00:00+00:00",
  image: "/social/events.png",
};

describe("JSON-LD builders", () => {
  it("describe the company and the site, linked by @id", () => {
    const organization = organizationJsonLd();
    expect(organization).toMatchObject({
      "@type": "Organization",
      name: siteConfig.name,
      url: absoluteUrl("/"),
    });
    expect(organization.sameAs).toEqual([siteConfig.social.linkedin, siteConfig.social.instagram]);
    expect(websiteJsonLd().publisher).toEqual({ "@id": organization["@id"] });
  });

  it("number breadcrumbs from 1 with absolute URLs", () => {
    expect(
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
      ]).itemListElement,
    ).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: absoluteUrl("/") },
      { "@type": "ListItem", position: 2, name: "Blog", item: absoluteUrl("/blog") },
    ]);
  });

  it("give a service its provider and a post its author, dates and image", () => {
    expect(serviceJsonLd({ name: "IoT", description: "d", path: "/services/iot" })).toMatchObject({
      "@type": "Service",
      url: absoluteUrl("/services/iot"),
      provider: { "@id": organizationJsonLd()["@id"] },
    });
    expect(
      blogPostingJsonLd({
        title: "T",
        description: "D",
        path: "/blog/t",
        datePublished: "2026-11-02",
        authorName: "Maya Okafor",
        image: "/social/blog-t.png",
      }),
    ).toMatchObject({
      "@type": "BlogPosting",
      headline: "T",
      datePublished: "2026-11-02",
      author: { "@type": "Person", name: "Maya Okafor" },
      image: absoluteUrl("/social/blog-t.png"),
    });
  });

  it("mark an online event as a virtual location and an in-person one as a place", () => {
    const online = eventJsonLd({
      ...event,
      location: { kind: "online", url: "https://meet.example/x" },
      offer: { url: "https://site.example/events/x#register", soldOut: false },
    });
    expect(online).toMatchObject({
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: "https://meet.example/x" },
      startDate: event.startDate,
    });
    expect(online.offers).toMatchObject({
      url: "https://site.example/events/x#register",
      availability: "https://schema.org/InStock",
    });
    const full = eventJsonLd({
      ...event,
      location: { kind: "online", url: "https://meet.example/x" },
      offer: { url: "https://site.example/events/x#register", soldOut: true },
    });
    expect(full.offers).toMatchObject({ availability: "https://schema.org/SoldOut" });

    const inPerson = eventJsonLd({
      ...event,
      location: { kind: "in-person", venue: "Corvanta Digital", city: "London" },
    });
    expect(inPerson).toMatchObject({
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "Corvanta Digital",
        address: { addressLocality: "London" },
      },
    });
    expect(inPerson.offers).toBeUndefined();
  });
});
