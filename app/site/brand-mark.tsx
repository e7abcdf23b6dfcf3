import type { SVGProps } from "react";
import { brandMark } from "~/config/brand";

/**
 * The company mark (app/config/brand.ts), the one drawing of it: the header
 * and footer logo, the social cards and the site icons all render this.
 * `gradientId` must be unique on a page (two logos share one).
 */
export function BrandMark({
  gradientId,
  ...props
}: Omit<SVGProps<SVGSVGElement>, "viewBox" | "children"> & { gradientId: string }) {
  return (
    <svg viewBox={brandMark.viewBox} {...props}>
      <BrandMarkShapes gradientId={gradientId} />
    </svg>
  );
}

/** The ring and the dot, for drawing the mark inside another SVG (the site icons). */
export function BrandMarkShapes({ gradientId }: { gradientId: string }) {
  return (
    <>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={brandMark.gradient.from} />
          <stop offset="1" stopColor={brandMark.gradient.to} />
        </linearGradient>
      </defs>
      <path
        d={brandMark.ring}
        fill="none"
        stroke={`url(#${gradientId})`}
        strokeWidth={brandMark.ringWidth}
        strokeLinecap="round"
      />
      <circle {...brandMark.dot} fill={brandMark.dotColour} />
    </>
  );
}
