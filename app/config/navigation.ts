import { paths, sectionPath, servicePath } from "~/config/paths";
import { services, type Service } from "~/config/services";

/**
 * The header menu and the footer columns: the specification's tables
 * (section 2, "Header" and "Footer") as data. The layout components render
 * these, and the tests read their expectations from here.
 */

/** A menu link; a service's carries its icon (app/config/services.ts). */
export type NavLink = { label: string; href: string; icon?: Service["icon"] };

export type HeaderNavItem =
  ({ kind: "link" } & NavLink) | { kind: "menu"; label: string; items: readonly NavLink[] };

/** The Services dropdown: the eleven service pages, in the spec's order. */
export const servicesMenu: readonly NavLink[] = services.map((service) => ({
  label: service.label,
  href: servicePath(service.id),
  icon: service.icon,
}));

/** The desktop menu, in the spec's order. Services is a dropdown. */
export const headerNav: readonly HeaderNavItem[] = [
  { kind: "link", label: "Home", href: paths.home },
  { kind: "link", label: "About", href: paths.about },
  { kind: "menu", label: "Services", items: servicesMenu },
  { kind: "link", label: "Portfolio", href: paths.portfolio },
  { kind: "link", label: "Events", href: paths.events },
  { kind: "link", label: "Contact", href: paths.contact },
];

/** Industries the company serves; the footer lists them as plain text, not links. */
export const industries = [
  "FinTech",
  "Retail & E-Commerce",
  "Life Sciences",
  "Manufacturing",
  "Technology & Startups",
] as const;

/** Product names from the design brief; in the footer each links to /portfolio. */
export const productNames = [
  "LedgerLoop",
  "PayPilot",
  "ShelfSense",
  "CartCraft",
  "CareBridge",
  "GenomeGrid",
  "FactoryPulse",
  "LaunchPad Studio",
] as const;

export type FooterColumn =
  | { kind: "text"; heading: string; items: readonly string[] }
  | { kind: "links"; heading: string; links: readonly NavLink[]; button?: NavLink };

/**
 * The footer's five columns, exactly as the spec lists them. Note the two links
 * the spec keeps although they differ from the header: /services/cybersecurity
 * (redirects to /services/cyber-security) and /services (matches no route and
 * gets the not-found page). See docs/decisions/002.
 */
export const footerColumns: readonly FooterColumn[] = [
  { kind: "text", heading: "Industries", items: industries },
  {
    kind: "links",
    heading: "About Us",
    links: [
      { label: "Our Vision", href: sectionPath(paths.about, "vision") },
      { label: "News & Events", href: paths.events },
      { label: "Leadership", href: sectionPath(paths.about, "leadership") },
      { label: "Commitment to Society", href: sectionPath(paths.about, "csr") },
    ],
  },
  {
    kind: "links",
    heading: "Services & Consulting",
    links: [
      { label: "Web Development", href: servicePath("web-development") },
      { label: "Mobile App Development", href: servicePath("mobile-app") },
      { label: "Digital Marketing", href: servicePath("digital-marketing") },
      { label: "Cybersecurity", href: servicePath("cybersecurity") },
      { label: "Product Management", href: servicePath("product-management") },
      { label: "Product Design", href: servicePath("product-design") },
    ],
  },
  {
    kind: "links",
    heading: "Products",
    links: productNames.map((name) => ({ label: name, href: paths.portfolio })),
  },
  {
    kind: "links",
    heading: "Quick Links",
    links: [
      { label: "About", href: paths.about },
      { label: "Services", href: paths.servicesIndex },
      { label: "Portfolio", href: paths.portfolio },
      { label: "Events", href: paths.events },
    ],
    button: { label: "CONTACT", href: paths.contact },
  },
];
