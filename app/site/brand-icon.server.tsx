import { renderToStaticMarkup } from "react-dom/server";
import { brandMark } from "~/config/brand";
import { BrandMarkShapes } from "~/site/brand-mark";

/**
 * The mark as a standalone SVG document on an ink square, for the favicon and
 * the PNG app icons. `inset` shrinks the mark towards the centre (maskable
 * icons keep their content inside the middle 80%); `rounded` rounds the square.
 */
export function brandIconSvg({
  size,
  inset = 0.1,
  rounded = false,
}: {
  size: number;
  inset?: number;
  rounded?: boolean;
}): string {
  const scale = 1 - inset * 2;
  const offset = 16 * (1 - scale);
  return renderToStaticMarkup(
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={brandMark.viewBox} width={size} height={size}>
      <rect width="32" height="32" rx={rounded ? 7 : 0} fill={brandMark.background} />
      <g transform={`translate(${offset} ${offset}) scale(${scale})`}>
        <BrandMarkShapes gradientId="g" />
      </g>
    </svg>,
  );
}
