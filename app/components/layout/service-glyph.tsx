import {
  BarChart3,
  Blocks,
  BrainCircuit,
  ClipboardList,
  Compass,
  Cpu,
  Globe,
  Megaphone,
  PenTool,
  ShieldCheck,
  Smartphone,
  type LucideIcon,
  type LucideProps,
} from "lucide-react";
import type { ServiceId } from "../../config/services";

/** Each service's lucide icon. */
export const iconByServiceId: Record<ServiceId, LucideIcon> = {
  "mobile-app": Smartphone,
  "web-development": Globe,
  "digital-marketing": Megaphone,
  "data-science": BarChart3,
  "ai-ml": BrainCircuit,
  iot: Cpu,
  blockchain: Blocks,
  strategy: Compass,
  "product-management": ClipboardList,
  "product-design": PenTool,
  "cyber-security": ShieldCheck,
};

/** A service's bare icon, e.g. inside a service page's hero art. */
export function ServiceGlyph({ serviceId, ...props }: LucideProps & { serviceId: ServiceId }) {
  const Icon = iconByServiceId[serviceId] ?? Compass;
  return <Icon aria-hidden="true" {...props} />;
}
