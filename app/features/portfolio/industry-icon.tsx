import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";

/** An industry as products name it (content/products): free text, so a new one needs no code. */
export type Industry = string;

const iconByIndustry: Partial<Record<Industry, IconName>> = {
  FinTech: "landmark",
  "Retail & E-Commerce": "shopping-bag",
  "Life Sciences": "flask-conical",
  Manufacturing: "factory",
  "Technology & Startups": "rocket",
};

const sizes = { sm: "size-4", md: "size-5", lg: "size-6" } as const;

/**
 * An industry's icon, decorative: the industry's name is always written beside
 * it. An industry without its own icon gets a generic one.
 */
export function IndustryIcon({
  industry,
  size = "md",
}: {
  industry: Industry;
  size?: keyof typeof sizes;
}) {
  return (
    <Icon name={iconByIndustry[industry] ?? "blocks"} className={sizes[size]} strokeWidth={1.8} />
  );
}
