import { useId, type ReactNode } from "react";
import { productArtSize, type ProductArtFit } from "~/config/art";
import type { Industry } from "~/features/portfolio/industry-icon";

type ProductArtProps = {
  industry: Industry;
  /** Mirrors the motif, so two products of one industry look different. */
  mirrored: boolean;
  /**
   * "slice" fills the box and crops the art; "meet" shows all of the motif and
   * extends the grid to the box's edges.
   */
  fit: ProductArtFit;
};

const WIDTH = productArtSize.width;
const HEIGHT = productArtSize.height;

/**
 * A product card's header art, drawn in code: a motif for the product's
 * industry on an ink field with a faint grid. Rendered to an SVG file
 * (app/routes/art.ts); pages show it with ProductArt (app/components/ui).
 */
export function ProductArtSvg({ industry, mirrored, fit }: ProductArtProps) {
  const uid = useId().replaceAll(":", "");
  const ids = { grid: `${uid}-grid`, glow: `${uid}-glow`, accent: `${uid}-accent` };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      preserveAspectRatio={`xMidYMid ${fit}`}
    >
      <defs>
        <pattern id={ids.grid} width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M24 0H0v24" fill="none" stroke="rgb(255 255 255 / 0.06)" />
        </pattern>
        <radialGradient
          id={ids.glow}
          gradientUnits="userSpaceOnUse"
          cx={mirrored ? WIDTH * 0.2 : WIDTH * 0.8}
          cy={HEIGHT * 0.1}
          r={WIDTH * 0.7}
        >
          <stop offset="0" stopColor="#4f46e5" stopOpacity="0.55" />
          <stop offset="1" stopColor="#4f46e5" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={ids.accent} x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#06b6d4" />
        </linearGradient>
      </defs>
      {/* Drawn past the viewBox, so a "meet" fit has no bare margins. */}
      <rect
        x={-WIDTH}
        y={-HEIGHT}
        width={WIDTH * 3}
        height={HEIGHT * 3}
        fill={`url(#${ids.grid})`}
      />
      <rect
        x={-WIDTH}
        y={-HEIGHT}
        width={WIDTH * 3}
        height={HEIGHT * 3}
        fill={`url(#${ids.glow})`}
      />
      {/* Trends must still rise left to right, so those motifs rearrange instead of flipping. */}
      {industry === "Retail & E-Commerce" ? (
        storefront(`url(#${ids.accent})`, mirrored)
      ) : (
        <g transform={mirrored ? `translate(${WIDTH} 0) scale(-1 1)` : undefined}>
          {motifs[industry](`url(#${ids.accent})`)}
        </g>
      )}
    </svg>
  );
}

const line = "rgb(255 255 255 / 0.16)";
const soft = "rgb(255 255 255 / 0.3)";

const motifs: Record<Industry, (accent: string) => ReactNode> = {
  // Two payment cards over a column of matched ledger rows.
  FinTech: (accent) => (
    <>
      {[44, 76, 108, 140].map((y, index) => (
        <g key={y}>
          <rect x="36" y={y} width="120" height="20" rx="6" fill="rgb(255 255 255 / 0.05)" />
          <rect x="46" y={y + 7} width={index % 2 ? 48 : 64} height="6" rx="3" fill={soft} />
          <circle cx="140" cy={y + 10} r="5" fill={index === 3 ? "#818cf8" : "#22d3ee"} />
        </g>
      ))}
      <g transform="rotate(-8 280 110)">
        <rect x="200" y="58" width="150" height="94" rx="14" fill="#1b2540" stroke={line} />
        <rect x="216" y="78" width="26" height="20" rx="4" fill={soft} />
      </g>
      <rect x="222" y="82" width="150" height="94" rx="14" fill={accent} />
      <rect x="238" y="102" width="26" height="20" rx="4" fill="rgb(255 255 255 / 0.55)" />
      <rect x="238" y="146" width="72" height="8" rx="4" fill="rgb(255 255 255 / 0.8)" />
      <circle cx="340" cy="150" r="10" fill="rgb(255 255 255 / 0.35)" />
      <circle cx="352" cy="150" r="10" fill="rgb(255 255 255 / 0.2)" />
    </>
  ),
  "Retail & E-Commerce": (accent) => storefront(accent, false),
  // A double helix with its base pairs.
  "Life Sciences": (accent) => {
    const points = Array.from({ length: 15 }, (_, index) => {
      const x = 48 + index * 22;
      // Rounded, so server and browser write the same attribute values.
      const y = Math.round(400 * Math.sin(index / 2.2)) / 10;
      return { x, top: 100 - y, bottom: 100 + y };
    });
    return (
      <>
        {points.map(({ x, top, bottom }) => (
          <line key={x} x1={x} y1={top} x2={x} y2={bottom} stroke={line} strokeWidth="2" />
        ))}
        {points.map(({ x, top, bottom }, index) => (
          <g key={`dots-${x}`}>
            <circle cx={x} cy={top} r="5" fill={index % 4 === 0 ? "#22d3ee" : "#818cf8"} />
            <circle cx={x} cy={bottom} r="5" fill={index % 4 === 2 ? accent : soft} />
          </g>
        ))}
      </>
    );
  },
  // Three machines with status lights and a vibration trace.
  Manufacturing: (accent) => (
    <>
      {[40, 140, 240].map((x, index) => (
        <g key={x}>
          <rect
            x={x}
            y="96"
            width="84"
            height="64"
            rx="10"
            fill={index === 1 ? accent : "rgb(255 255 255 / 0.06)"}
            stroke={index === 1 ? "none" : line}
          />
          <circle cx={x + 16} cy="112" r="4" fill={index === 2 ? "#fbbf24" : "#22d3ee"} />
          <rect x={x + 14} y="134" width="56" height="6" rx="3" fill={soft} />
        </g>
      ))}
      <path d="M20 168h360" stroke={line} />
      <polyline
        points="28,64 84,64 100,40 116,84 132,52 148,64 236,64 248,46 262,78 276,64 372,64"
        fill="none"
        stroke="#22d3ee"
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </>
  ),
  // A launch trajectory climbing through two orbits.
  "Technology & Startups": (accent) => (
    <>
      <circle cx="312" cy="70" r="64" fill="none" stroke={line} />
      <circle cx="312" cy="70" r="36" fill="none" stroke={line} strokeDasharray="3 6" />
      <path
        d="M36 176 C 140 170, 230 140, 300 80"
        fill="none"
        stroke="#22d3ee"
        strokeWidth="3"
        strokeDasharray="2 9"
        strokeLinecap="round"
      />
      <circle cx="312" cy="70" r="16" fill={accent} />
      <circle cx="36" cy="176" r="5" fill={soft} />
      {[
        [92, 171],
        [160, 160],
        [228, 132],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="4" fill="#818cf8" />
      ))}
      <circle cx="376" cy="70" r="4" fill="#67e8f9" />
    </>
  ),
};

/** A storefront grid of product tiles beside a rising conversion line. */
function storefront(accent: string, tilesOnRight: boolean) {
  const tilesX = tilesOnRight ? 176 : 44;
  const lineShift = tilesOnRight ? -226 : 0;
  return (
    <>
      {[0, 1, 2].map((column) =>
        [0, 1].map((row) => {
          const highlighted = column === (tilesOnRight ? 2 : 1) && row === 0;
          return (
            <rect
              key={`${column}-${row}`}
              x={tilesX + column * 70}
              y={40 + row * 70}
              width="56"
              height="56"
              rx="12"
              fill={highlighted ? accent : "rgb(255 255 255 / 0.06)"}
              stroke={highlighted ? "none" : line}
            />
          );
        }),
      )}
      <g transform={`translate(${lineShift} 0)`}>
        <path
          d="M268 158 L300 132 L326 142 L364 82"
          fill="none"
          stroke="#22d3ee"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M348 80h16v16"
          fill="none"
          stroke="#22d3ee"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path d="M258 170h120" stroke={line} />
      </g>
    </>
  );
}
