import {
  Accessibility,
  ArrowLeft,
  ArrowRight,
  BarChart3,
  Blocks,
  BrainCircuit,
  CalendarPlus,
  Check,
  ChevronDown,
  CircleAlert,
  CircleCheck,
  ClipboardList,
  Clock,
  Compass,
  Cpu,
  ExternalLink,
  Factory,
  FlaskConical,
  FolderGit2,
  Globe,
  GraduationCap,
  Landmark,
  Leaf,
  LoaderCircle,
  Mail,
  MapPin,
  Megaphone,
  Menu,
  Monitor,
  Moon,
  PenTool,
  Phone,
  Plus,
  Quote,
  Rocket,
  ShieldCheck,
  ShoppingBag,
  Smartphone,
  Sun,
  TrendingUp,
  Video,
  X,
  type LucideIcon,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import type { BrandIconName, IconName } from "~/components/ui/icon-names";

/** The lucide component behind each of the site's icon names. */
export const icons: Record<IconName, LucideIcon> = {
  accessibility: Accessibility,
  "arrow-left": ArrowLeft,
  "arrow-right": ArrowRight,
  "bar-chart-3": BarChart3,
  blocks: Blocks,
  "brain-circuit": BrainCircuit,
  "calendar-plus": CalendarPlus,
  check: Check,
  "chevron-down": ChevronDown,
  "circle-alert": CircleAlert,
  "circle-check": CircleCheck,
  "clipboard-list": ClipboardList,
  clock: Clock,
  compass: Compass,
  cpu: Cpu,
  "external-link": ExternalLink,
  factory: Factory,
  "flask-conical": FlaskConical,
  "folder-git-2": FolderGit2,
  globe: Globe,
  "graduation-cap": GraduationCap,
  landmark: Landmark,
  leaf: Leaf,
  "loader-circle": LoaderCircle,
  mail: Mail,
  "map-pin": MapPin,
  megaphone: Megaphone,
  menu: Menu,
  monitor: Monitor,
  moon: Moon,
  "pen-tool": PenTool,
  phone: Phone,
  plus: Plus,
  quote: Quote,
  rocket: Rocket,
  "shield-check": ShieldCheck,
  "shopping-bag": ShoppingBag,
  smartphone: Smartphone,
  sun: Sun,
  "trending-up": TrendingUp,
  video: Video,
  x: X,
};

/** The shapes inside a lucide icon's <svg>, as lucide-react renders them. */
export function iconShapes(Icon: LucideIcon): string {
  const markup = renderToStaticMarkup(<Icon />);
  return markup.slice(markup.indexOf(">") + 1, markup.lastIndexOf("</svg>"));
}

/**
 * Lucide's paint, which its <svg> carries: on each symbol here, so the pages'
 * <svg>s need not write it (app/components/ui/icon.tsx). The stroke's width
 * is not here: each page's <svg> gives it, and the shapes inherit it.
 */
export const symbolPaint = {
  fill: "none",
  stroke: "currentColor",
  "stroke-linecap": "round",
  "stroke-linejoin": "round",
} as const;

export const symbolPaintAttributes = Object.entries(symbolPaint)
  .map(([name, value]) => `${name}="${value}"`)
  .join(" ");

/**
 * The social logos (`brandIconNames`, app/components/ui/icon-names.ts), drawn in lucide's
 * grid and paint; LinkedIn's mark is filled, not stroked.
 */
export const brandIconShapes: Readonly<Record<BrandIconName, string>> = {
  linkedin:
    '<path fill="currentColor" stroke="none" d="M4.98 3.5A2.5 2.5 0 1 1 5 8.5a2.5 2.5 0 0 1-.02-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.83v1.54h.06c.53-1 1.84-2.06 3.79-2.06 4.05 0 4.8 2.67 4.8 6.13V21h-4v-4.97c0-1.19-.02-2.71-1.65-2.71-1.65 0-1.9 1.29-1.9 2.63V21h-4V9.75Z"></path>',
  instagram:
    '<rect x="3" y="3" width="18" height="18" rx="5"></rect><circle cx="12" cy="12" r="4.2"></circle><circle cx="17.4" cy="6.6" r="0.6" fill="currentColor"></circle>',
};

/**
 * A sprite: one <symbol> per icon, with lucide's 24x24 viewBox and paint,
 * named by its key; `drawn` adds icons given as their shapes' markup.
 */
export function iconSpriteFile(
  set: Readonly<Record<string, LucideIcon>>,
  drawn: Readonly<Record<string, string>> = {},
): string {
  const shapes = [
    ...Object.entries(set).map(([name, Icon]) => [name, iconShapes(Icon)] as const),
    ...Object.entries(drawn),
  ];
  const symbols = shapes.map(
    ([name, markup]) =>
      `<symbol id="${name}" viewBox="0 0 24 24" ${symbolPaintAttributes}>${markup}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}
