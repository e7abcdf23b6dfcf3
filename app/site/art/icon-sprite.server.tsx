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
  PenTool,
  Phone,
  Plus,
  Quote,
  Rocket,
  ShieldCheck,
  ShoppingBag,
  Smartphone,
  TrendingUp,
  Video,
  X,
  type LucideIcon,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import type { IconName } from "~/components/ui/icon-names";

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
  "pen-tool": PenTool,
  phone: Phone,
  plus: Plus,
  quote: Quote,
  rocket: Rocket,
  "shield-check": ShieldCheck,
  "shopping-bag": ShoppingBag,
  smartphone: Smartphone,
  "trending-up": TrendingUp,
  video: Video,
  x: X,
};

/** The shapes inside a lucide icon's <svg>, as lucide-react renders them. */
export function iconShapes(Icon: LucideIcon): string {
  const markup = renderToStaticMarkup(<Icon />);
  return markup.slice(markup.indexOf(">") + 1, markup.lastIndexOf("</svg>"));
}

/** A sprite: one <symbol> per icon, with lucide's 24x24 viewBox, named by its key. */
export function iconSpriteFile(set: Readonly<Record<string, LucideIcon>>): string {
  const symbols = Object.entries(set).map(
    ([name, Icon]) => `<symbol id="${name}" viewBox="0 0 24 24">${iconShapes(Icon)}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}
