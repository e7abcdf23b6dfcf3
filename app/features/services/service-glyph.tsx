import type { SVGProps } from "react";
import type { ServiceId } from "~/config/services";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";

/** Each service's icon (lucide's name). */
export const serviceIconNames: Record<ServiceId, IconName> = {
  "mobile-app": "smartphone",
  "web-development": "globe",
  "digital-marketing": "megaphone",
  "data-science": "bar-chart-3",
  "ai-ml": "brain-circuit",
  iot: "cpu",
  blockchain: "blocks",
  strategy: "compass",
  "product-management": "clipboard-list",
  "product-design": "pen-tool",
  "cyber-security": "shield-check",
};

/** A service's bare icon, e.g. inside a service page's hero art. */
export function ServiceGlyph({
  serviceId,
  ...props
}: Omit<SVGProps<SVGSVGElement>, "children" | "name" | "strokeWidth"> & {
  serviceId: ServiceId;
  strokeWidth?: number;
}) {
  return <Icon name={serviceIconNames[serviceId] ?? "compass"} {...props} />;
}
