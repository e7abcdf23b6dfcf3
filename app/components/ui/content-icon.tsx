import { Icon, type LucideIconData, type LucideProps } from "lucide-react";

/** A lucide icon's drawing as plain data (what LucideIconData holds), so a loader can send it. */
export type IconDrawing = {
  name?: string;
  size?: number;
  node: [tag: string, attributes: Record<string, string | number>][];
};

/**
 * A decorative icon named in a content file, drawn from the icon data the
 * server sends (app/content/content-icons.server.tsx), so the browser bundle
 * carries no icon it does not show.
 */
export function ContentIcon({ icon, ...props }: LucideProps & { icon: IconDrawing }) {
  return <Icon icon={icon as LucideIconData} aria-hidden="true" {...props} />;
}
