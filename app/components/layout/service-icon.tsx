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
import { cn } from "../../lib/cn";

const iconByServiceId: Record<ServiceId, LucideIcon> = {
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

/** A service's icon in a small tinted tile, looked up from the service page's path. */
export function ServiceIcon({ href, className }: { href: string; className?: string }) {
  const id = href.split("/").pop() as ServiceId;
  const Icon = iconByServiceId[id] ?? Compass;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid size-9 shrink-0 place-items-center rounded-lg bg-indigo-50 text-accent",
        className,
      )}
    >
      <Icon className="size-[18px]" strokeWidth={1.8} />
    </span>
  );
}
