import { useId, type ReactNode } from "react";
import { productArtSize, type ProductArtFit, type ProductArtMotif } from "~/config/art";

type ProductArtProps = {
  /** The product's drawing; without one, a pattern generated from `seed`. */
  motif: ProductArtMotif | undefined;
  /** The product's slug: seeds the generated pattern and the glow's position. */
  seed: string;
  /**
   * "slice" fills the box and crops the art; "meet" shows all of the motif and
   * extends the grid to the box's edges.
   */
  fit: ProductArtFit;
};

const WIDTH = productArtSize.width;
const HEIGHT = productArtSize.height;

/**
 * A product's art, drawn in code: a picture of what the product does on an
 * ink field with a faint grid. Each product has its own file (a unit test
 * checks no two share one). Rendered to an SVG file (app/routes/art.ts);
 * pages show it with ProductArt.
 */
export function ProductArtSvg({ motif, seed, fit }: ProductArtProps) {
  const glowLeft = hashOf(seed) % 2 === 1;
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
          cx={glowLeft ? WIDTH * 0.2 : WIDTH * 0.8}
          cy={HEIGHT * 0.1}
          r={WIDTH * 0.7}
        >
          <stop offset="0" stopColor="#e0522a" stopOpacity="0.55" />
          <stop offset="1" stopColor="#e0522a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={ids.accent} x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#e0522a" />
          <stop offset="1" stopColor="#e0a94f" />
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
      {motif ? motifs[motif](`url(#${ids.accent})`) : generated(`url(#${ids.accent})`, seed)}
    </svg>
  );
}

const line = "rgb(255 255 255 / 0.16)";
const soft = "rgb(255 255 255 / 0.3)";

const amber = "#fbbf24";

/** A small stroke-drawn phone, the frame of the app products' screens. */
function phone(x: number, y: number, width: number, height: number) {
  return (
    <>
      <rect x={x} y={y} width={width} height={height} rx="16" fill="#191a17" stroke={soft} />
      <rect x={x + width / 2 - 14} y={y + 8} width="28" height="5" rx="2.5" fill={line} />
    </>
  );
}

const motifs: Record<ProductArtMotif, (accent: string) => ReactNode> = {
  // LedgerLoop: settlement rows on the left matched to ledger rows on the
  // right, one break flagged for the operations team.
  reconciliation: (accent) => (
    <>
      {[36, 70, 104, 138].map((y, index) => {
        const matched = index !== 2;
        const target = [36, 104, 70, 138][index] ?? y;
        return (
          <g key={y}>
            <rect
              x="40"
              y={y}
              width="110"
              height="24"
              rx="6"
              fill="rgb(255 255 255 / 0.06)"
              stroke={line}
            />
            <rect x="52" y={y + 9} width={index % 2 ? 44 : 62} height="6" rx="3" fill={soft} />
            <rect
              x="250"
              y={target}
              width="110"
              height="24"
              rx="6"
              fill={index === 0 ? accent : "rgb(255 255 255 / 0.06)"}
              stroke={index === 0 ? "none" : line}
            />
            <rect
              x="262"
              y={target + 9}
              width={index % 2 ? 58 : 40}
              height="6"
              rx="3"
              fill={soft}
            />
            {matched ? (
              <path
                d={`M150 ${y + 12} C 200 ${y + 12}, 200 ${target + 12}, 250 ${target + 12}`}
                fill="none"
                stroke="#f2c77a"
                strokeWidth="2"
              />
            ) : (
              <g>
                <path
                  d={`M150 ${y + 12} h26`}
                  stroke={amber}
                  strokeWidth="2"
                  strokeDasharray="3 4"
                />
                <circle cx="188" cy={y + 12} r="9" fill={amber} />
                <rect x="187" y={y + 6} width="2" height="7" rx="1" fill="#141512" />
                <circle cx="188" cy={y + 16} r="1.2" fill="#141512" />
              </g>
            )}
          </g>
        );
      })}
    </>
  ),
  // PayPilot: a phone holding a card, the freeze switch turned on, and
  // contactless waves.
  wallet: (accent) => (
    <>
      {phone(150, 18, 100, 170)}
      <rect x="162" y="40" width="76" height="48" rx="8" fill={accent} />
      <rect x="170" y="50" width="14" height="10" rx="2" fill="rgb(255 255 255 / 0.6)" />
      <rect x="170" y="74" width="40" height="5" rx="2.5" fill="rgb(255 255 255 / 0.8)" />
      {[104, 128, 152].map((y, index) => (
        <g key={y}>
          <rect x="164" y={y + 3} width={index === 0 ? 34 : 42} height="6" rx="3" fill={soft} />
          <rect
            x="212"
            y={y}
            width="24"
            height="13"
            rx="6.5"
            fill={index === 0 ? "#f2c77a" : line}
          />
          <circle cx={index === 0 ? 229.5 : 218.5} cy={y + 6.5} r="4.5" fill="#fff" />
        </g>
      ))}
      {[18, 32, 46].map((r) => (
        <path
          key={r}
          d={`M${278 + r * 0.2} ${103 - r} a ${r} ${r} 0 0 1 0 ${r * 2}`}
          fill="none"
          stroke="#f2c77a"
          strokeWidth="3"
          strokeLinecap="round"
          opacity={1 - r / 80}
        />
      ))}
      <g transform="translate(82 103)">
        <rect
          x="-22"
          y="-6"
          width="44"
          height="34"
          rx="7"
          fill="rgb(255 255 255 / 0.06)"
          stroke={soft}
        />
        <path d="M-12 -6v-8a12 12 0 0 1 24 0v8" fill="none" stroke={soft} strokeWidth="3" />
        <circle cx="0" cy="10" r="4" fill="#ff9b70" />
      </g>
    </>
  ),
  // ShelfSense: two shelves of stock with a sensor under each bay, one bay
  // running low, and the week's forecast as bars.
  "shelf-sensors": (accent) => (
    <>
      {[78, 150].map((shelfY, shelf) => (
        <g key={shelfY}>
          {[0, 1, 2, 3].map((bay) => {
            const low = shelf === 0 && bay === 2;
            const heights = [34, 28, 30, 36];
            const height = low ? 8 : (heights[(bay + shelf) % 4] ?? 30);
            return (
              <g key={bay}>
                <rect
                  x={36 + bay * 46}
                  y={shelfY - height - 2}
                  width="36"
                  height={height}
                  rx="4"
                  fill={low ? amber : bay === 1 && shelf === 1 ? accent : "rgb(255 255 255 / 0.12)"}
                />
                <circle cx={54 + bay * 46} cy={shelfY + 9} r="3.5" fill={low ? amber : "#f2c77a"} />
              </g>
            );
          })}
          <path d={`M28 ${shelfY}h192`} stroke={soft} strokeWidth="3" strokeLinecap="round" />
        </g>
      ))}
      {bars({
        heights: [42, 50, 46, 64, 88, 104, 70],
        x: 252,
        base: 168,
        step: 18,
        width: 12,
        highlight: 5,
        colour: "#f2c77a",
      })}
      <path d="M246 174h134" stroke={line} />
    </>
  ),
  // CartCraft: a phone storefront of product tiles and a short checkout,
  // beside the mobile conversion line doubling.
  storefront: (accent) => (
    <>
      {phone(60, 14, 112, 176)}
      {[0, 1].map((column) =>
        [0, 1].map((row) => (
          <rect
            key={`${column}-${row}`}
            x={72 + column * 46}
            y={34 + row * 50}
            width="40"
            height="42"
            rx="8"
            fill={column === 1 && row === 0 ? accent : "rgb(255 255 255 / 0.08)"}
            stroke={column === 1 && row === 0 ? "none" : line}
          />
        )),
      )}
      <rect x="72" y="140" width="86" height="22" rx="11" fill="#f2c77a" />
      <rect x="96" y="149" width="38" height="5" rx="2.5" fill="#141512" />
      <path d="M212 166h164" stroke={line} />
      <path
        d="M216 150 L256 140 L292 128 L330 96 L366 52"
        fill="none"
        stroke="#f2c77a"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M350 50h16v16" fill="none" stroke="#f2c77a" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M216 150 L256 146 L292 142 L330 136 L366 130"
        fill="none"
        stroke={soft}
        strokeWidth="2"
        strokeDasharray="4 5"
      />
    </>
  ),
  // CareBridge: a patient's phone with the day's diary ticked off, a visit
  // reminder, and a steady pulse.
  "patient-app": (accent) => (
    <>
      {phone(214, 14, 112, 176)}
      <rect x="226" y="34" width="88" height="36" rx="8" fill={accent} />
      <rect x="236" y="44" width="40" height="5" rx="2.5" fill="rgb(255 255 255 / 0.85)" />
      <rect x="236" y="56" width="58" height="5" rx="2.5" fill="rgb(255 255 255 / 0.55)" />
      {[84, 110, 136].map((y, index) => (
        <g key={y}>
          <rect
            x="226"
            y={y}
            width="18"
            height="18"
            rx="5"
            fill={index < 2 ? "#f2c77a" : "none"}
            stroke={index < 2 ? "none" : soft}
          />
          {index < 2 && (
            <path
              d={`M230 ${y + 9} l4 4 l7 -8`}
              fill="none"
              stroke="#141512"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          )}
          <rect x="252" y={y + 6} width={index === 1 ? 44 : 58} height="6" rx="3" fill={soft} />
        </g>
      ))}
      <polyline
        points="24,110 78,110 92,84 108,138 122,98 134,110 186,110"
        fill="none"
        stroke="#f2c77a"
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <g transform="translate(360 40)">
        <path d="M-13 8c3-3 3-8 3-13a10 10 0 0 1 20 0c0 5 0 10 3 13z" fill="#ff9b70" />
        <circle cx="0" cy="13" r="3.5" fill="#ff9b70" />
      </g>
    </>
  ),
  // GenomeGrid: a double helix feeding a cohort heat map, inside a locked
  // workspace boundary.
  genomics: (accent) => {
    const points = Array.from({ length: 7 }, (_, index) => {
      const x = 40 + index * 22;
      // Rounded, so server and browser write the same attribute values.
      const y = Math.round(360 * Math.sin(index / 1.4)) / 10;
      return { x, top: 100 - y, bottom: 100 + y };
    });
    return (
      <>
        {points.map(({ x, top, bottom }) => (
          <line key={x} x1={x} y1={top} x2={x} y2={bottom} stroke={line} strokeWidth="2" />
        ))}
        {points.map(({ x, top, bottom }, index) => (
          <g key={`dots-${x}`}>
            <circle cx={x} cy={top} r="5" fill={index % 3 === 0 ? "#f2c77a" : "#ff9b70"} />
            <circle cx={x} cy={bottom} r="5" fill={soft} />
          </g>
        ))}
        <rect
          x="200"
          y="28"
          width="176"
          height="148"
          rx="14"
          fill="none"
          stroke={soft}
          strokeDasharray="5 5"
        />
        {Array.from({ length: 5 }, (_, row) =>
          Array.from({ length: 6 }, (_, column) => {
            const level = (row * 7 + column * 5 + row * column) % 5;
            return (
              <rect
                key={`${row}-${column}`}
                x={214 + column * 26}
                y={42 + row * 26}
                width="20"
                height="20"
                rx="4"
                fill={
                  level === 4
                    ? accent
                    : level === 3
                      ? "#f2c77a"
                      : `rgb(255 255 255 / ${0.05 + level * 0.05})`
                }
              />
            );
          }),
        )}
        <g transform="translate(376 28)">
          <circle r="14" fill="#141512" stroke={soft} />
          <rect x="-6" y="-2" width="12" height="9" rx="2" fill="#f2c77a" />
          <path d="M-3.5 -2v-3a3.5 3.5 0 0 1 7 0v3" fill="none" stroke="#f2c77a" strokeWidth="2" />
        </g>
      </>
    );
  },
  // FactoryPulse: three machines on a line with status lights, one flagged
  // for maintenance, and the vibration trace that warned of it.
  "line-monitoring": (accent) => (
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
          <circle cx={x + 16} cy="112" r="4" fill={index === 2 ? amber : "#f2c77a"} />
          <rect x={x + 14} y="134" width="56" height="6" rx="3" fill={soft} />
        </g>
      ))}
      <path d="M20 168h360" stroke={line} />
      <polyline
        points="28,64 84,64 100,40 116,84 132,52 148,64 236,64 248,46 262,78 276,64 372,64"
        fill="none"
        stroke="#f2c77a"
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </>
  ),
  // LaunchPad Studio: eight weekly milestones climbing to a launch in orbit.
  launch: (accent) => (
    <>
      <circle cx="312" cy="70" r="64" fill="none" stroke={line} />
      <circle cx="312" cy="70" r="36" fill="none" stroke={line} strokeDasharray="3 6" />
      <path
        d="M36 176 C 140 170, 230 140, 300 80"
        fill="none"
        stroke="#f2c77a"
        strokeWidth="3"
        strokeDasharray="2 9"
        strokeLinecap="round"
      />
      <circle cx="312" cy="70" r="16" fill={accent} />
      {[
        [36, 176],
        [72, 174],
        [108, 171],
        [144, 166],
        [180, 158],
        [214, 146],
        [246, 128],
        [274, 106],
      ].map(([x, y], index) => (
        <circle key={x} cx={x} cy={y} r={index === 0 ? 5 : 4} fill={index < 1 ? soft : "#ff9b70"} />
      ))}
      <circle cx="376" cy="70" r="4" fill="#f7dca6" />
    </>
  ),
};

/** A bar chart standing on `base`, one bar picked out in `colour`. */
function bars(chart: {
  heights: readonly number[];
  x: number;
  base: number;
  step: number;
  width: number;
  highlight: number;
  colour: string;
}) {
  return chart.heights.map((height, index) => (
    <rect
      key={index}
      x={chart.x + index * chart.step}
      y={chart.base - height}
      width={chart.width}
      height={height}
      rx="3.5"
      fill={index === chart.highlight ? chart.colour : "rgb(255 255 255 / 0.13)"}
    />
  ));
}

/** A small, stable number from a slug. */
function hashOf(seed: string): number {
  let hash = 7;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) % 100_003;
  return hash;
}

/**
 * The art of a product that names no drawing: bars and an orbit placed by its
 * slug, so each product added as content looks different until it gets its own.
 */
function generated(accent: string, seed: string) {
  const hash = hashOf(seed);
  const heights = Array.from({ length: 9 }, (_, index) => 30 + ((hash >> index) % 7) * 14);
  return (
    <>
      {bars({
        heights,
        x: 40,
        base: 170,
        step: 22,
        width: 14,
        highlight: hash % 9,
        colour: accent,
      })}
      <circle cx="318" cy="96" r="56" fill="none" stroke={line} />
      <circle cx="318" cy="96" r="20" fill={accent} />
      <circle
        cx={318 + Math.round(56 * Math.cos(hash))}
        cy={96 + Math.round(56 * Math.sin(hash))}
        r="6"
        fill="#f2c77a"
      />
    </>
  );
}
