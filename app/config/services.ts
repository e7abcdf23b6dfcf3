/**
 * The services the company offers, in the order of the header's Services
 * dropdown (spec section 2, "The Services dropdown links"). Each id is the
 * `:serviceId` of a service page; these eleven are the only valid ids. `icon`
 * is the lucide icon (app/components/ui/icon-names.ts) its menus and cards show.
 */
export const services = [
  { id: "mobile-app", label: "Mobile App Development", icon: "smartphone" },
  { id: "web-development", label: "Web Development", icon: "globe" },
  { id: "digital-marketing", label: "Digital Marketing", icon: "megaphone" },
  { id: "data-science", label: "Data Science Analytic", icon: "bar-chart-3" },
  { id: "ai-ml", label: "AI/ML Development", icon: "brain-circuit" },
  { id: "iot", label: "Internet Of Things", icon: "cpu" },
  { id: "blockchain", label: "Blockchain", icon: "blocks" },
  { id: "strategy", label: "Strategy Consulting", icon: "compass" },
  { id: "product-management", label: "Product Management", icon: "clipboard-list" },
  { id: "product-design", label: "Product Design", icon: "pen-tool" },
  { id: "cyber-security", label: "Cybersecurity", icon: "shield-check" },
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
export function findService(id: string): Service | undefined {
  return services.find((service) => service.id === id);
}
