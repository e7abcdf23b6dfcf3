/**
 * The services the company offers, in the order of the header's Services
 * dropdown (spec section 2, "The Services dropdown links"). Each id is the
 * `:serviceId` of a service page; these eleven are the only valid ids.
 */
export const services = [
  { id: "mobile-app", label: "Mobile App Development" },
  { id: "web-development", label: "Web Development" },
  { id: "digital-marketing", label: "Digital Marketing" },
  { id: "data-science", label: "Data Science Analytic" },
  { id: "ai-ml", label: "AI/ML Development" },
  { id: "iot", label: "Internet Of Things" },
  { id: "blockchain", label: "Blockchain" },
  { id: "strategy", label: "Strategy Consulting" },
  { id: "product-management", label: "Product Management" },
  { id: "product-design", label: "Product Design" },
  { id: "cyber-security", label: "Cybersecurity" },
] as const;

export type Service = (typeof services)[number];
export type ServiceId = Service["id"];

export const serviceIds: readonly ServiceId[] = services.map((service) => service.id);

/**
 * Ids that are not service pages of their own but permanently redirect to one.
 * The footer links to /services/cybersecurity while the header's id is
 * cyber-security (spec section 2, "Inconsistency"); the footer link is kept as
 * given and must not be dead. See docs/decisions/002.
 */
export const serviceIdRedirects: Readonly<Record<string, ServiceId>> = {
  cybersecurity: "cyber-security",
};

/**
 * The service an id redirects to, if any. The id comes from the URL, so it is
 * looked up as an own key only: "constructor" or "__proto__" is no redirect.
 */
export function serviceRedirectTarget(id: string): ServiceId | undefined {
  return Object.hasOwn(serviceIdRedirects, id) ? serviceIdRedirects[id] : undefined;
}

export function servicePath(id: ServiceId): string {
  return `/services/${id}`;
}

export function isServiceId(value: string): value is ServiceId {
  return (serviceIds as readonly string[]).includes(value);
}

export function findService(id: string): Service | undefined {
  return services.find((service) => service.id === id);
}
