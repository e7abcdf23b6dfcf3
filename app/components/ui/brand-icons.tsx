import { iconSprite } from "~/config/art";
import { SpriteIcon, type SpriteIconProps } from "~/components/ui/icon";

// lucide-react no longer ships brand marks, so the two social logos are drawn
// as simple single-colour glyphs sized like lucide icons. Their shapes are in
// the icons' sprite (app/site/art/icon-sprite.server.tsx, `brandIconShapes`),
// not in every page's footer (docs/decisions/068).

export const brandIconNames = ["linkedin", "instagram"] as const;
export type BrandIconName = (typeof brandIconNames)[number];

export function LinkedInIcon(props: SpriteIconProps) {
  return <SpriteIcon href={`${iconSprite}#linkedin`} {...props} />;
}

export function InstagramIcon(props: SpriteIconProps) {
  return <SpriteIcon href={`${iconSprite}#instagram`} {...props} />;
}
