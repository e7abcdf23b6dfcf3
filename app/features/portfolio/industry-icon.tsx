import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";
import type { industries } from "~/config/navigation";

export type Industry = (typeof industries)[number];

const iconByIndustry: Record<Industry, IconName> = {
  FinTech: "landmark",
  "Retail & E-Commerce": "shopping-bag",
  "Life Sciences": "flask-conical",
  Manufacturing: "factory",
  "Technology & Startups": "rocket",
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
  return <Icon name={iconByIndustry[industry]} className={sizes[size]} strokeWidth={1.8} />;
}
