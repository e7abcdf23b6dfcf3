import { absoluteUrl, siteUrl } from "~/config/site-url";
import { siteConfig } from "~/config/site";
import { paths, iconPath } from "~/config/paths";

/**
 * schema.org structured data for search engines, one builder per type. Pages
 * hand the results to getMeta(), which emits them as application/ld+json;
 * React Router escapes "<", ">" and "&" in that script, so content cannot
 * close the tag (tests/e2e/seo.spec.ts checks the built HTML).
 */
export type JsonLd = { "@context": "https://schema.org"; "@type": string } & Record<
  string,
  unknown
>;

const organizationId = `${siteUrl}/#organization`;
const websiteId = `${siteUrl}/#website`;

/** The company, on every page. */
export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId,
    name: siteConfig.name,
    url: absoluteUrl(paths.home),
    logo: absoluteUrl(iconPath("icon-512.png")),
    description: siteConfig.description,
    email: siteConfig.email,
    telephone: siteConfig.phone.display,
    sameAs: [siteConfig.social.linkedin, siteConfig.social.instagram],
    address: siteConfig.offices.map((office) => ({
      "@type": "PostalAddress",
      addressLocality: office.city,
      streetAddress: office.lines.join(", "),
    })),
  };
}

/** The website itself, on every page. */
export function websiteJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": websiteId,
    name: siteConfig.name,
    url: absoluteUrl(paths.home),
    publisher: { "@id": organizationId },
    inLanguage: "en-GB",
  };
}

export type Crumb = { name: string; path: string };

/** The trail from home to a nested page (services, posts, events). */
export function breadcrumbJsonLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

export function serviceJsonLd(service: {
  name: string;
  description: string;
  path: string;
}): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    serviceType: service.name,
    description: service.description,
    url: absoluteUrl(service.path),
    provider: { "@id": organizationId },
    areaServed: "Europe",
  };
}

export function blogPostingJsonLd(post: {
  title: string;
  description: string;
  path: string;
  /** YYYY-MM-DD */
  datePublished: string;
  authorName: string;
  image: string;
  keywords?: readonly string[];
  wordCount?: number;
}): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    url: absoluteUrl(post.path),
    mainEntityOfPage: absoluteUrl(post.path),
    datePublished: post.datePublished,
    dateModified: post.datePublished,
    author: { "@type": "Person", name: post.authorName },
    publisher: { "@id": organizationId },
    image: absoluteUrl(post.image),
    ...(post.keywords?.length ? { keywords: post.keywords.join(", ") } : {}),
    ...(post.wordCount ? { wordCount: post.wordCount } : {}),
    inLanguage: "en-GB",
  };
}

export type EventLocation =
  | { kind: "online"; url: string }
  | { kind: "in-person"; venue: string; city: string; address?: string };

export function eventJsonLd(event: {
  name: string;
  description: string;
  path: string;
  /** ISO 8601 with the offset of the event's time zone, e.g. 2027-03-18T09:30:00+00:00 */
  startDate: string;
  endDate: string;
  location: EventLocation;
  image: string;
  /** Registration, while it is offered: where, and whether every place is taken. */
  offer?: { url: string; soldOut: boolean };
}): JsonLd {
  const location =
    event.location.kind === "online"
      ? { "@type": "VirtualLocation", url: event.location.url }
      : {
          "@type": "Place",
          name: event.location.venue,
          address: {
            "@type": "PostalAddress",
            addressLocality: event.location.city,
            ...(event.location.address ? { streetAddress: event.location.address } : {}),
          },
        };
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.name,
    description: event.description,
    url: absoluteUrl(event.path),
    startDate: event.startDate,
    endDate: event.endDate,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode:
      event.location.kind === "online"
        ? "https://schema.org/OnlineEventAttendanceMode"
        : "https://schema.org/OfflineEventAttendanceMode",
    location,
    image: [absoluteUrl(event.image)],
    organizer: { "@type": "Organization", name: siteConfig.name, url: absoluteUrl(paths.home) },
    // Registration is offered only while it is open; it is free.
    ...(event.offer
      ? {
          offers: {
            "@type": "Offer",
            url: event.offer.url,
            price: 0,
            priceCurrency: "GBP",
            availability: event.offer.soldOut
              ? "https://schema.org/SoldOut"
              : "https://schema.org/InStock",
          },
        }
      : {}),
  };
}

/** A case study page: the work we did for a named client (schema.org CreativeWork). */
export function caseStudyJsonLd(study: {
  name: string;
  description: string;
  path: string;
  client: string;
  industry: string;
  image: string;
  keywords: readonly string[];
}): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: study.name,
    headline: study.name,
    description: study.description,
    url: absoluteUrl(study.path),
    mainEntityOfPage: absoluteUrl(study.path),
    image: absoluteUrl(study.image),
    creator: { "@id": organizationId },
    publisher: { "@id": organizationId },
    sourceOrganization: { "@id": organizationId },
    about: { "@type": "Organization", name: study.client },
    genre: "Case study",
    keywords: [study.industry, ...study.keywords].join(", "),
    inLanguage: "en-GB",
  };
}
