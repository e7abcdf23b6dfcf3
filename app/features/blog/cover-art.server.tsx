import { useId } from "react";
import { artFontFamily, artPalette as c, coverArtSizes, type CoverArtShape } from "~/config/art";
import type { PostSummary } from "~/features/blog/post-view";

const WIDTH = coverArtSizes.banner.width;
const LEFT = 32;

type CoverPost = Pick<PostSummary, "slug" | "title" | "cover">;

/**
 * A post's cover carries the post's own idea (docs/decisions/083): its key
 * figure, large, with what the figure measures; a percentage gets a gauge
 * filled to it. The card shows the post's tags, so the cover does not. A post without a cover figure gets
 * its title set as the cover. Real <text> in the system face, on the ink field
 * the product screens use. Rendered to an SVG file (app/routes/art.ts); pages
 * show it with CoverArt.
 */
export function CoverArtSvg({ post, shape }: { post: CoverPost; shape: CoverArtShape }) {
  const height = coverArtSizes[shape].height;
  const id = useId().replace(/[^\w-]/g, "");
  // The cards crop a banner to its middle, so the words sit around the centre line.
  const top = (height - 240) / 2;
  const share = post.cover && percentage(post.cover.figure);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${WIDTH} ${height}`}
      width={WIDTH}
      height={height}
      preserveAspectRatio="xMidYMid slice"
      fontFamily={artFontFamily}
    >
      <defs>
        <pattern id={`${id}-grid`} width="32" height="32" patternUnits="userSpaceOnUse">
          <path d="M32 0H0v32" fill="none" stroke={c.gridOnInk} />
        </pattern>
        <radialGradient id={`${id}-glow`} cx={0.15 + (hashOf(post.slug) % 70) / 100} cy="0" r="0.9">
          <stop offset="0" stopColor={c.accent} stopOpacity="0.55" />
          <stop offset="1" stopColor={c.accent} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width={WIDTH} height={height} fill={c.ink} />
      <rect width={WIDTH} height={height} fill={`url(#${id}-grid)`} />
      <rect width={WIDTH} height={height} fill={`url(#${id}-glow)`} />
      <rect x={LEFT} y={top + 48} width="36" height="4" rx="2" fill={c.highlight} />
      {post.cover ? (
        <>
          <text
            x={LEFT}
            y={top + 108}
            fontSize={figureSize(post.cover.figure)}
            fontWeight="700"
            fill={c.onInk}
          >
            {post.cover.figure}
          </text>
          <Lines
            lines={wrap(post.cover.caption, share === undefined ? 40 : 32)}
            y={top + 138}
            size={17}
            fill={c.onInkMuted}
          />
          {share !== undefined && <Gauge share={share} cy={top + 90} />}
        </>
      ) : (
        <Lines lines={wrap(post.title, 30).slice(0, 4)} y={top + 84} size={24} fill={c.onInk} />
      )}
    </svg>
  );
}

function Lines(props: { lines: string[]; y: number; size: number; fill: string }) {
  const { lines, y, size, fill } = props;
  return (
    <text x={LEFT} y={y} fontSize={size} fill={fill} fontWeight={size > 20 ? 700 : 400}>
      {lines.map((line, index) => (
        <tspan key={index} x={LEFT} dy={index === 0 ? 0 : Math.round(size * 1.3)}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** A ring filled to the figure's share, beside a percentage. */
function Gauge({ share, cy }: { share: number; cy: number }) {
  const r = 36;
  const length = 2 * Math.PI * r;
  return (
    <g transform={`rotate(-90 424 ${cy})`} fill="none" strokeWidth="10">
      <circle cx="424" cy={cy} r={r} stroke={c.trackOnInk} />
      <circle
        cx="424"
        cy={cy}
        r={r}
        stroke={c.highlight}
        strokeLinecap="round"
        strokeDasharray={`${(length * share).toFixed(1)} ${length.toFixed(1)}`}
      />
    </g>
  );
}

/** "92%" is 0.92; any other figure has no share to draw. */
function percentage(figure: string): number | undefined {
  const match = /^(\d{1,3})%$/.exec(figure);
  return match ? Math.min(Number(match[1]), 100) / 100 : undefined;
}

/** Large, and smaller for a longer figure, so "1.8 seconds" fits as "92%" does. */
function figureSize(figure: string): number {
  return figure.length <= 5 ? 64 : figure.length <= 8 ? 56 : 44;
}

/** Words in lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + word.length + 1 <= width) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  return lines;
}

/** FNV-1a: a stable 32-bit number from a string. */
function hashOf(value: string): number {
  let hash = 0x811c9dc5;
  for (const char of value) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
