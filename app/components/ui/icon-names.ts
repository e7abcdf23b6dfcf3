/**
 * The lucide icons the pages use, by lucide's kebab-case name. They are drawn
 * from one SVG sprite (app/site/art/icon-sprite.server.tsx maps each
 * name to its lucide component, which the type checker holds to this list).
 * To use another icon, add its name here and its component there.
 */
export const iconNames = [
  "accessibility",
  "arrow-left",
  "arrow-right",
  "bar-chart-3",
  "blocks",
  "brain-circuit",
  "calendar-plus",
  "check",
  "chevron-down",
  "circle-alert",
  "circle-check",
  "clipboard-list",
  "clock",
  "compass",
  "cpu",
  "external-link",
  "factory",
  "flask-conical",
  "folder-git-2",
  "globe",
  "graduation-cap",
  "landmark",
  "leaf",
  "loader-circle",
  "mail",
  "map-pin",
  "megaphone",
  "menu",
  "monitor",
  "moon",
  "pen-tool",
  "phone",
  "plus",
  "quote",
  "rocket",
  "shield-check",
  "shopping-bag",
  "smartphone",
  "sun",
  "trending-up",
  "video",
  "x",
] as const;

export type IconName = (typeof iconNames)[number];

/**
 * The two social logos, drawn into the same sprite from their own shapes
 * (`brandIconShapes` in app/site/art/icon-sprite.server.tsx): lucide-react no
 * longer ships brand marks.
 */
export const brandIconNames = ["linkedin", "instagram"] as const;
export type BrandIconName = (typeof brandIconNames)[number];
