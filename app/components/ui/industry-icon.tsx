import {
  Factory,
  FlaskConical,
  Landmark,
  Rocket,
  ShoppingBag,
  type LucideIcon,
} from "lucide-react";
import type { industries } from "../../config/navigation";

export type Industry = (typeof industries)[number];

const iconByIndustry: Record<Industry, LucideIcon> = {
  FinTech: Landmark,
  "Retail & E-Commerce": ShoppingBag,
  "Life Sciences": FlaskConical,
  Manufacturing: Factory,
  "Technology & Startups": Rocket,
};

const sizes = { sm: "size-4", md: "size-5", lg: "size-6" } as const;

/** An industry's icon, decorative: the industry's name is always written beside it. */
export function IndustryIcon({
  industry,
  size = "md",
}: {
  industry: Industry;
  size?: keyof typeof sizes;
}) {
  const Icon = iconByIndustry[industry];
  return <Icon aria-hidden="true" className={sizes[size]} strokeWidth={1.8} />;
}
