import {
  Accessibility,
  Activity,
  BellRing,
  ChartColumn,
  ChartLine,
  ChartPie,
  ClipboardCheck,
  Cloud,
  CloudOff,
  Coins,
  Compass,
  Component,
  Cpu,
  Database,
  Factory,
  FileCode,
  FileSearch,
  FileText,
  FingerprintPattern,
  FlaskConical,
  Gauge,
  GitBranch,
  KeyRound,
  Layers,
  LayoutDashboard,
  LifeBuoy,
  Lightbulb,
  ListChecks,
  Lock,
  Mail,
  Map as MapIcon,
  Megaphone,
  MessageSquare,
  MessagesSquare,
  Microchip,
  Network,
  Palette,
  Plug,
  RefreshCw,
  Rocket,
  Route,
  Scale,
  ScanEye,
  ScanSearch,
  Search,
  SearchCheck,
  ServerCog,
  Settings2,
  ShieldCheck,
  ShoppingCart,
  Siren,
  Smartphone,
  Split,
  Target,
  TrendingUp,
  UserCheck,
  Users,
  Workflow,
  type LucideIcon,
  type LucideIconData,
} from "lucide-react";
import type { ReactElement } from "react";
import type { IconDrawing } from "../components/ui/content-icon";
import type { ContentIconName } from "./icon-names";

/*
 * The offering icons of the service pages, on the server only. A page uses
 * six of these sixty icons; bundled for the browser they cost 6 KB gzip on
 * every service page (issue 6). The loader sends the drawing of the few a page
 * names (lucide's icon data: name and SVG nodes), and ContentIcon draws it with
 * lucide's own Icon, so the markup is the same (content-icons.test.tsx).
 */

/** Every icon a content file may name (app/content/icon-names.ts), by its lucide name. */
const contentIcons: Record<ContentIconName, LucideIcon> = {
  accessibility: Accessibility,
  activity: Activity,
  "bell-ring": BellRing,
  "chart-column": ChartColumn,
  "chart-line": ChartLine,
  "chart-pie": ChartPie,
  "clipboard-check": ClipboardCheck,
  cloud: Cloud,
  "cloud-off": CloudOff,
  coins: Coins,
  compass: Compass,
  component: Component,
  cpu: Cpu,
  database: Database,
  factory: Factory,
  "file-code": FileCode,
  "file-search": FileSearch,
  "file-text": FileText,
  "fingerprint-pattern": FingerprintPattern,
  "flask-conical": FlaskConical,
  gauge: Gauge,
  "git-branch": GitBranch,
  "key-round": KeyRound,
  layers: Layers,
  "layout-dashboard": LayoutDashboard,
  "life-buoy": LifeBuoy,
  lightbulb: Lightbulb,
  "list-checks": ListChecks,
  lock: Lock,
  mail: Mail,
  map: MapIcon,
  megaphone: Megaphone,
  "message-square": MessageSquare,
  "messages-square": MessagesSquare,
  microchip: Microchip,
  network: Network,
  palette: Palette,
  plug: Plug,
  "refresh-cw": RefreshCw,
  rocket: Rocket,
  route: Route,
  scale: Scale,
  "scan-eye": ScanEye,
  "scan-search": ScanSearch,
  search: Search,
  "search-check": SearchCheck,
  "server-cog": ServerCog,
  "settings-2": Settings2,
  "shield-check": ShieldCheck,
  "shopping-cart": ShoppingCart,
  siren: Siren,
  smartphone: Smartphone,
  split: Split,
  target: Target,
  "trending-up": TrendingUp,
  "user-check": UserCheck,
  users: Users,
  workflow: Workflow,
};

/**
 * The drawing behind a lucide icon component. Each one is a forwardRef whose
 * render hands its icon data to lucide's Icon; the unit test checks that
 * drawing the data gives the component's markup, should lucide change that.
 */
type LucideRender = {
  render: (props: object, ref: null) => ReactElement<{ icon: LucideIconData }>;
};

export function contentIconData(name: ContentIconName): IconDrawing {
  return (contentIcons[name] as unknown as LucideRender).render({}, null).props.icon as IconDrawing;
}

/** The component itself, for the unit test. */
export function contentIconComponent(name: ContentIconName): LucideIcon {
  return contentIcons[name];
}
