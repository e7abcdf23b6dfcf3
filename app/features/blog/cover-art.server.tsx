import { useId } from "react";
import { coverArtSizes, type CoverArtShape } from "~/config/art";
import type { PostSummary } from "~/features/blog/post-view";

const WIDTH = coverArtSizes.banner.width;

const palettes = [
  { primary: "#ff9b70", secondary: "#f2c77a" },
  { primary: "#f2c77a", secondary: "#ffbe9f" },
  { primary: "#ff9b70", secondary: "#f7dca6" },
] as const;

type Palette = (typeof palettes)[number];
type Random = () => number;

/**
 * Abstract cover art drawn in code (design brief, "Imagery"): the same seed,
 * a post's slug for instance, always draws the same picture. Rendered to an
 * SVG file (app/routes/art.ts); pages show it with CoverArt (app/components/ui).
 */
export function CoverArtSvg({
  seed,
  motif,
  shape,
}: {
  seed: string;
  /** Which picture to draw; by default the seed picks one. */
  motif?: CoverMotif;
  shape: CoverArtShape;
}) {
  const height = coverArtSizes[shape].height;
  const id = useId().replace(/[^\w-]/g, "");
  const hash = hashOf(seed);
  const random = mulberry32(hash);
  const palette = palettes[hash % palettes.length] ?? palettes[0];
  const Motif = motifs[motif ?? motifNames[(hash >>> 3) % motifNames.length] ?? "orbits"];
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${WIDTH} ${height}`}
      width={WIDTH}
      height={height}
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <pattern id={`${id}-grid`} width="32" height="32" patternUnits="userSpaceOnUse">
          <path d="M32 0H0v32" fill="none" stroke="rgb(255 255 255 / 0.06)" />
        </pattern>
        <radialGradient id={`${id}-glow`} cx={round(0.2 + random() * 0.6)} cy="0.1" r="0.8">
          <stop offset="0" stopColor={palette.primary} stopOpacity="0.35" />
          <stop offset="1" stopColor={palette.primary} stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-stroke`} x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor={palette.primary} />
          <stop offset="1" stopColor={palette.secondary} />
        </linearGradient>
      </defs>
      <rect width={WIDTH} height={height} fill={`url(#${id}-grid)`} />
      <rect width={WIDTH} height={height} fill={`url(#${id}-glow)`} />
      <Motif palette={palette} random={random} stroke={`url(#${id}-stroke)`} height={height} />
    </svg>
  );
}

type MotifProps = { palette: Palette; random: Random; stroke: string; height: number };

function Orbits({ palette, random, height }: MotifProps) {
  const cx = round(300 + random() * 80);
  const cy = round(height * 0.25 + random() * height * 0.3);
  return (
    <g fill="none">
      {[56, 104, 156, 212].map((r, index) => (
        <circle
          key={r}
          cx={cx}
          cy={cy}
          r={r}
          stroke={palette.primary}
          strokeOpacity={0.5 - index * 0.1}
        />
      ))}
      {[56, 104, 156].map((r) => {
        const angle = random() * Math.PI * 2;
        return (
          <circle
            key={r}
            cx={round(cx + Math.cos(angle) * r)}
            cy={round(cy + Math.sin(angle) * r)}
            r="5"
            fill={palette.secondary}
          />
        );
      })}
    </g>
  );
}

function Bars({ palette, random, stroke, height: frameHeight }: MotifProps) {
  const count = 9;
  const gap = 14;
  const width = 22;
  const left = (WIDTH - count * (width + gap) + gap) / 2;
  const rise = frameHeight * 0.45;
  return (
    <g>
      {Array.from({ length: count }, (_, index) => {
        const barHeight = round(36 + (index / count) * rise + random() * 40);
        return (
          <rect
            key={index}
            x={left + index * (width + gap)}
            y={frameHeight - 32 - barHeight}
            width={width}
            height={barHeight}
            rx="4"
            fill={index >= count - 3 ? palette.secondary : palette.primary}
            fillOpacity={index >= count - 3 ? 0.85 : round(0.25 + (index / count) * 0.4)}
          />
        );
      })}
      <path
        d={`M${left - 24} ${frameHeight - 32}H${WIDTH - left + 24}`}
        stroke={stroke}
        strokeWidth="2"
      />
    </g>
  );
}

function Network({ palette, random, stroke, height }: MotifProps) {
  const rows = height > 300 ? 3 : 2;
  const rowGap = (height - 100) / rows;
  const nodes = Array.from({ length: rows * 4 }, (_, index) => ({
    x: round(100 + (index % 4) * 80 + random() * 40),
    y: round(50 + Math.floor(index / 4) * rowGap + random() * 40),
  }));
  const edges = nodes.flatMap((node, index) =>
    nodes
      .slice(index + 1)
      .filter((_, offset) => offset < 2)
      .map((other) => [node, other] as const),
  );
  return (
    <g>
      {edges.map(([a, b], index) => (
        <line key={index} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={stroke} strokeOpacity="0.6" />
      ))}
      {nodes.map((node, index) => (
        <circle
          key={index}
          cx={node.x}
          cy={node.y}
          r={index % 3 === 0 ? 9 : 5}
          fill={index % 3 === 0 ? palette.secondary : palette.primary}
        />
      ))}
    </g>
  );
}

function Waves({ palette, random, height }: MotifProps) {
  const phase = random() * WIDTH;
  const top = height / 2 - 60;
  return (
    <g fill="none">
      {[0, 1, 2, 3, 4].map((index) => {
        const baseline = top + index * 30;
        const amplitude = 18 + index * 6;
        const points = Array.from({ length: 25 }, (_, step) => {
          const x = (step / 24) * WIDTH;
          const y = baseline + Math.sin((x + phase + index * 40) / 70) * amplitude;
          return `${step === 0 ? "M" : "L"}${x.toFixed(1)} ${y.toFixed(1)}`;
        }).join("");
        return (
          <path
            key={index}
            d={points}
            stroke={index === 2 ? palette.secondary : palette.primary}
            strokeOpacity={index === 2 ? 0.9 : 0.35}
            strokeWidth={index === 2 ? 2.5 : 1.5}
          />
        );
      })}
    </g>
  );
}

const motifs = { orbits: Orbits, bars: Bars, network: Network, waves: Waves } as const;

export type CoverMotif = keyof typeof motifs;
const motifNames = Object.keys(motifs) as CoverMotif[];

/** One decimal place: the same attribute text on the server and in the browser. */
function round(value: number): number {
  return Math.round(value * 10) / 10;
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

/** A small seeded random number generator, so the art is the same on every render. */
function mulberry32(seed: number): Random {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const motifByService: Readonly<Record<string, CoverMotif>> = {
  "data-science": "bars",
  "ai-ml": "bars",
  "digital-marketing": "bars",
  iot: "network",
  blockchain: "network",
  "web-development": "waves",
  "mobile-app": "waves",
  "product-design": "waves",
  strategy: "orbits",
  "product-management": "orbits",
  "cyber-security": "orbits",
};

/** A post's cover picture follows its main service: data as bars, connected things as a network, ... */
export function coverMotif(post: Pick<PostSummary, "services">): CoverMotif | undefined {
  const service = post.services[0];
  return service ? motifByService[service] : undefined;
}
