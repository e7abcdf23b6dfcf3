import {
  Factory,
  FlaskConical,
  Landmark,
  Rocket,
  ShoppingBag,
  type LucideIcon,
} from "lucide-react";
import type { industries } from "../../config/navigation";
import { cn } from "../../lib/cn";

export type Industry = (typeof industries)[number];

const iconByIndustry: Record<Industry, LucideIcon> = {
  FinTech: Landmark,
  "Retail & E-Commerce": ShoppingBag,
  "Life Sciences": FlaskConical,
  Manufacturing: Factory,
  "Technology & Startups": Rocket,
};

/** An industry's icon, decorative: the industry's name is always written beside it. */
export function IndustryIcon({ industry, className }: { industry: Industry; className?: string }) {
  const Icon = iconByIndustry[industry];
  return <Icon aria-hidden="true" className={cn("size-5", className)} strokeWidth={1.8} />;
}
