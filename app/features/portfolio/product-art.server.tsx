import { useId, type ReactNode } from "react";
import {
  artFontFamily,
  artMonoFamily,
  artPalette as c,
  productArtSize,
  type ProductArtFit,
  type ProductArtMotif,
} from "~/config/art";
import type { Product } from "~/features/portfolio/products.server";

/** What a drawing reads from its product: the figures it shows are the case study's own. */
export type ArtProduct = Pick<Product, "slug" | "name" | "art" | "headlineResult" | "client">;

type ProductArtProps = {
  product: ArtProduct;
  /**
   * "slice", for the product cards, fills the box with a zoomed part of the
   * screen (cardCrops); "meet" shows all of it and extends the ink field to the
   * box's edges.
   */
  fit: ProductArtFit;
};

const WIDTH = productArtSize.width;
const HEIGHT = productArtSize.height;

/**
 * A product's art, drawn in code: a fragment of the product's own interface
 * (a window or a phone screen) with words and figures from its case study, on
 * an ink field. Real <text>, so it stays sharp and small; the page gives it
 * alt text (productArtAlt). Each product has its own file (a unit test checks
 * no two share one). Rendered to an SVG file (app/routes/art.ts); pages show
 * it with ProductArt.
 */
export function ProductArtSvg({ product, fit }: ProductArtProps) {
  const uid = useId().replaceAll(":", "");
  const ids = { grid: `${uid}-grid`, glow: `${uid}-glow` };
  const glowLeft = hashOf(product.slug) % 2 === 1;
  const [cropX, cropY] = product.art ? cardCrops[product.art] : [16, 16];
  const viewBox =
    fit === "slice" ? `${cropX} ${cropY} ${CROP.width} ${CROP.height}` : `0 0 ${WIDTH} ${HEIGHT}`;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      width={WIDTH}
      height={HEIGHT}
      preserveAspectRatio={`xMidYMid ${fit}`}
      fontFamily={artFontFamily}
    >
      <defs>
        <pattern id={ids.grid} width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M24 0H0v24" fill="none" stroke={c.gridOnInk} />
        </pattern>
        <radialGradient
          id={ids.glow}
          gradientUnits="userSpaceOnUse"
          cx={glowLeft ? WIDTH * 0.15 : WIDTH * 0.85}
          cy={HEIGHT * 0.05}
          r={WIDTH * 0.7}
        >
          <stop offset="0" stopColor={c.accent} stopOpacity="0.5" />
          <stop offset="1" stopColor={c.accent} stopOpacity="0" />
        </radialGradient>
      </defs>
      {/* Drawn past the viewBox, so a "meet" fit has no bare margins. */}
      <rect x={-WIDTH} y={-HEIGHT} width={WIDTH * 3} height={HEIGHT * 3} fill={c.ink} />
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
      {product.art ? screens[product.art](product) : generated(product)}
    </svg>
  );
}

type TextProps = {
  x: number;
  y: number;
  size?: number;
  weight?: 400 | 600 | 700;
  fill?: string;
  anchor?: "start" | "middle" | "end";
  children: ReactNode;
};

/** A line of the screen's text: 11 px or more, so it reads at the cards' size on a phone. */
function Text({ x, y, size = 12, weight = 400, fill = c.text, anchor, children }: TextProps) {
  return (
    <text x={x} y={y} fontSize={size} fontWeight={weight} fill={fill} textAnchor={anchor}>
      {children}
    </text>
  );
}

/** A desktop app's window, its title in the bar: the frame of the web products' screens. */
function Window({ title, children }: { title: string; children: ReactNode }) {
  return (
    <g>
      <rect x="16" y="16" width="368" height="170" rx="10" fill={c.surface} />
      <path d="M16 42h368" stroke={c.rule} />
      {[30, 42, 54].map((x) => (
        <circle key={x} cx={x} cy="29" r="3.5" fill={c.rule} />
      ))}
      <Text x={68} y={33} size={11} fill={c.textMuted}>
        {title}
      </Text>
      {children}
    </g>
  );
}

/** A phone, its screen white: the frame of the app products' screens. */
function Phone({ x, children }: { x: number; children: ReactNode }) {
  return (
    <g>
      <rect x={x} y="10" width="150" height="200" rx="20" fill={c.inkRaised} />
      <rect x={x + 6} y="16" width="138" height="188" rx="15" fill={c.surface} />
      <rect x={x + 55} y="22" width="40" height="6" rx="3" fill={c.inkRaised} />
      {children}
    </g>
  );
}

/** A card beside a phone: a label, a large figure and a line under it. */
function Stat(props: {
  x: number;
  y: number;
  width: number;
  label: string;
  value: string;
  note: string;
  tone?: string;
}) {
  const { x, y, width, label, value, note, tone = c.accent } = props;
  return (
    <g>
      <rect x={x} y={y} width={width} height="76" rx="10" fill={c.surface} />
      <Text x={x + 14} y={y + 22} size={11} fill={c.textMuted}>
        {label}
      </Text>
      <Text x={x + 14} y={y + 51} size={26} weight={700} fill={tone}>
        {value}
      </Text>
      <Text x={x + 14} y={y + 67} size={11} fill={c.textMuted}>
        {note}
      </Text>
    </g>
  );
}

/** A status pill: green for settled, amber for what needs a person. */
function Pill({ x, y, label, tone }: { x: number; y: number; label: string; tone: "ok" | "warn" }) {
  const width = label.length * 6.4 + 16;
  return (
    <g>
      <rect
        x={x}
        y={y - 12}
        width={width}
        height="17"
        rx="8.5"
        fill={tone === "ok" ? c.positiveSoft : c.warningSoft}
      />
      <Text
        x={x + width / 2}
        y={y}
        size={11}
        weight={600}
        anchor="middle"
        fill={tone === "ok" ? c.positive : c.warning}
      >
        {label}
      </Text>
    </g>
  );
}

/** A horizontal meter: its track and the share filled. */
function Meter(props: { x: number; y: number; width: number; share: number; fill?: string }) {
  const { x, y, width, share, fill = c.accent } = props;
  return (
    <g>
      <rect x={x} y={y} width={width} height="6" rx="3" fill={c.surfaceMuted} />
      <rect x={x} y={y} width={Math.round(width * share)} height="6" rx="3" fill={fill} />
    </g>
  );
}

/** A switch, on or off. */
function Toggle({ x, y, on }: { x: number; y: number; on: boolean }) {
  return (
    <g>
      <rect x={x} y={y} width="24" height="14" rx="7" fill={on ? c.accent : c.rule} />
      <circle cx={on ? x + 17 : x + 7} cy={y + 7} r="5" fill={c.surface} />
    </g>
  );
}

/**
 * The part of each screen a product card shows (fit "slice"): 280x140 of the
 * 400x200 drawing, zoomed so the screen's words stay legible on a card a
 * quarter of the page wide. The case pages show it all ("meet").
 */
const cardCrops: Record<ProductArtMotif, readonly [x: number, y: number]> = {
  reconciliation: [16, 16],
  wallet: [66, 30],
  "shelf-sensors": [16, 40],
  storefront: [56, 10],
  "patient-app": [56, 30],
  genomics: [16, 40],
  "line-monitoring": [16, 40],
  launch: [16, 36],
};
const CROP = { width: 280, height: 140 } as const;

const screens: Record<ProductArtMotif, (product: ArtProduct) => ReactNode> = {
  // LedgerLoop: the operations team's queue, settlements matched to the
  // ledger as they arrive and the one break waiting for a person.
  reconciliation: ({ headlineResult }) => (
    <Window title="LedgerLoop · Reconciliation · Today">
      <Text x={30} y={76} size={28} weight={700} fill={c.accent}>
        {headlineResult.value}
      </Text>
      {splitLabel(headlineResult.label).map((line, index) => (
        <Text key={line} x={104} y={58 + index * 14} size={11} fill={c.textMuted}>
          {line}
        </Text>
      ))}
      <Meter x={104} y={76} width={180} share={parseFloat(headlineResult.value) / 100} />
      {[
        ["Card settlement", "€18,240.00", "Matched"],
        ["SEPA bank feed", "€4,912.50", "Matched"],
        ["Wallet payout", "€1,075.20", "Break"],
        ["Card settlement", "€9,388.10", "Matched"],
      ].map(([source, amount, status], index) => {
        const y = 86 + index * 25;
        const isBreak = status === "Break";
        return (
          <g key={index}>
            {isBreak && <rect x="16" y={y} width="280" height="25" fill={c.warningSoft} />}
            <path d={`M16 ${y}h280`} stroke={c.rule} />
            <Text x={30} y={y + 17}>
              {source}
            </Text>
            <Text x={210} y={y + 17} weight={600} anchor="end">
              {amount}
            </Text>
            <Pill x={220} y={y + 17} label={status ?? ""} tone={isBreak ? "warn" : "ok"} />
          </g>
        );
      })}
      <path d="M296 42v144" stroke={c.rule} />
      <Text x={308} y={66} size={11} fill={c.textMuted}>
        Month-end
      </Text>
      <Text x={308} y={81} size={11} fill={c.textMuted}>
        close
      </Text>
      <Text x={308} y={108} size={20} weight={700}>
        2 days
      </Text>
      <Text x={308} y={124} size={11} fill={c.textMuted}>
        was 6
      </Text>
    </Window>
  ),
  // PayPilot: the card controls in the bank's app, the card frozen with one
  // tap, beside the rating the app earned.
  wallet: ({ headlineResult }) => (
    <>
      <Phone x={76}>
        <Text x={92} y={46} size={13} weight={700}>
          Your card
        </Text>
        <rect x="92" y="54" width="106" height="58" rx="8" fill={c.accent} />
        <Text x={102} y={70} size={11} weight={600} fill={c.onInk}>
          Larkfield
        </Text>
        <Pill x={102} y={90} label="Frozen" tone="warn" />
        <Text x={102} y={106} size={11} fill={c.onInk}>
          •••• 4821
        </Text>
        {[
          ["Freeze card", true],
          ["Online", true],
          ["Gambling", false],
        ].map(([label, on], index) => (
          <g key={String(label)}>
            <Text x={92} y={135 + index * 24} size={11}>
              {label}
            </Text>
            <Toggle x={172} y={124 + index * 24} on={Boolean(on)} />
          </g>
        ))}
      </Phone>
      <Stat
        x={236}
        y={24}
        width={106}
        label="Rating"
        value={`${headlineResult.value} ★`}
        note="up from 3.1"
      />
      <Stat
        x={236}
        y={110}
        width={106}
        label="Support calls"
        value="−41%"
        note="card-related"
        tone={c.positive}
      />
    </>
  ),
  // ShelfSense: a store's fresh shelves as the sensors weigh them, the one
  // running low already sent to the store team.
  "shelf-sensors": ({ headlineResult }) => (
    <Window title="ShelfSense · Store 112 · Fresh & chilled">
      <rect x="16" y="43" width="368" height="26" fill={c.warningSoft} />
      <Text x={30} y={60} size={11} weight={600} fill={c.warning}>
        Strawberries low · store team alerted
      </Text>
      {(
        [
          ["Strawberries", 0.08],
          ["Bananas", 0.64],
          ["Salad bags", 0.71],
          ["Milk 2 litres", 0.86],
        ] as const
      ).map(([name, share], index) => {
        const y = 92 + index * 24;
        return (
          <g key={name}>
            <Text x={30} y={y}>
              {name}
            </Text>
            <Meter
              x={130}
              y={y - 8}
              width={110}
              share={share}
              fill={share < 0.2 ? c.warning : c.highlightDeep}
            />
            <Text x={284} y={y} size={11} fill={c.textMuted} anchor="end">
              {`${Math.round(share * 100)}%`}
            </Text>
          </g>
        );
      })}
      <path d="M298 80v96" stroke={c.rule} />
      <Text x={310} y={96} size={11} fill={c.textMuted}>
        Fresh lines
      </Text>
      <Text x={310} y={130} size={28} weight={700} fill={c.positive}>
        {headlineResult.value}
      </Text>
      {splitLabel(headlineResult.label).map((line, index) => (
        <Text key={line} x={310} y={150 + index * 15} size={11} fill={c.textMuted}>
          {line}
        </Text>
      ))}
    </Window>
  ),
  // CartCraft: the second and last step of the new mobile checkout, beside
  // the conversion rate it doubled.
  storefront: ({ headlineResult, client }) => (
    <>
      <Phone x={62}>
        <Text x={78} y={46} size={12} weight={700}>
          {client.name}
        </Text>
        <Text x={78} y={66} size={11} fill={c.textMuted}>
          Step 2 of 2 · Pay
        </Text>
        <rect x="78" y="76" width="34" height="40" rx="6" fill={c.accentSoft} />
        <path d="M87 86l8-4 8 4v22H87z" fill={c.accent} opacity="0.55" />
        <Text x={120} y={92} size={11}>
          Overshirt
        </Text>
        <Text x={120} y={108} size={11} weight={700}>
          €129.00
        </Text>
        <rect x="78" y="126" width="106" height="24" rx="6" fill={c.surface} stroke={c.rule} />
        <Text x={86} y={142} size={11} fill={c.textMuted}>
          •••• 4242
        </Text>
        <rect x="78" y="160" width="106" height="28" rx="8" fill={c.accent} />
        <Text x={131} y={178} size={12} weight={700} fill={c.onInk} anchor="middle">
          Pay €129.00
        </Text>
      </Phone>
      <rect x="222" y="24" width="118" height="162" rx="10" fill={c.surface} />
      <Text x={234} y={44} size={11} fill={c.textMuted}>
        Mobile
      </Text>
      <Text x={234} y={58} size={11} fill={c.textMuted}>
        conversion
      </Text>
      <Text x={234} y={90} size={28} weight={700} fill={c.accent}>
        {headlineResult.value}
      </Text>
      <path d="M234 160h94" stroke={c.rule} />
      <path d="M286 104v56" stroke={c.rule} strokeDasharray="3 3" />
      <polyline
        points="234,148 252,147 270,149 286,146 298,136 310,124 320,116 328,108"
        fill="none"
        stroke={c.accent}
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <Text x={286} y={176} size={11} fill={c.textMuted} anchor="middle">
        Launch
      </Text>
    </>
  ),
  // CareBridge: a participant's day in the app, the next visit with its
  // travel sorted and the diaries ticked off, beside what that did for the study.
  "patient-app": ({ headlineResult }) => (
    <>
      <Stat
        x={62}
        y={24}
        width={112}
        label="Diaries done"
        value="93%"
        note="up from 61%"
        tone={c.highlightDeep}
      />
      <Stat
        x={62}
        y={110}
        width={112}
        label="Drop-out"
        value={`−${headlineResult.value}`}
        note="3 studies"
        tone={c.positive}
      />
      <Phone x={186}>
        <Text x={202} y={46} size={13} weight={700}>
          Good morning
        </Text>
        <rect x="202" y="54" width="118" height="44" rx="8" fill={c.accentSoft} />
        <Text x={210} y={71} size={11} weight={600} fill={c.accent}>
          Visit 6 · Thu 14:30
        </Text>
        <Text x={210} y={88} size={11} fill={c.accent}>
          Taxi booked for you
        </Text>
        {(
          [
            ["Morning diary", true],
            ["Medication", true],
            ["Evening diary", false],
          ] as const
        ).map(([task, done], index) => {
          const y = 112 + index * 26;
          return (
            <g key={task}>
              <rect
                x="202"
                y={y}
                width="16"
                height="16"
                rx="5"
                fill={done ? c.positive : c.surface}
                stroke={done ? "none" : c.textMuted}
              />
              {done && (
                <path
                  d={`M206 ${y + 8}l3 3 6-6`}
                  fill="none"
                  stroke={c.surface}
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              )}
              <Text x={226} y={y + 12} size={11} fill={done ? c.textMuted : c.text}>
                {task}
              </Text>
            </g>
          );
        })}
      </Phone>
    </>
  ),
  // GenomeGrid: a query over a consented cohort, checked and logged before
  // it runs in place, and the time it took.
  genomics: ({ headlineResult }) => (
    <Window title="GenomeGrid · Cohort workspace">
      <rect x="28" y="52" width="256" height="24" rx="6" fill={c.surfaceMuted} />
      <text x="38" y="68" fontSize="11" fill={c.text} fontFamily={artMonoFamily}>
        gene = BRCA2 AND consent
      </text>
      <Pill x={28} y={100} label="✓ Consent checked" tone="ok" />
      {Array.from({ length: 3 }, (_, row) =>
        Array.from({ length: 6 }, (_, column) => {
          const level = (row * 7 + column * 5 + row * column) % 4;
          const fills = [c.surfaceMuted, c.accentSoft, c.highlight, c.accent];
          return (
            <rect
              key={`${row}-${column}`}
              x={28 + column * 22}
              y={116 + row * 20}
              width="18"
              height="16"
              rx="3"
              fill={fills[level]}
            />
          );
        }),
      )}
      <Text x={176} y={124} size={11} fill={c.textMuted}>
        42 min run
      </Text>
      <Text x={176} y={156} size={28} weight={700} fill={c.accent}>
        {headlineResult.value}
      </Text>
      <Text x={176} y={172} size={11} fill={c.textMuted}>
        faster
      </Text>
      <path d="M298 42v144" stroke={c.rule} />
      <Text x={310} y={64} size={11} weight={600}>
        Audit log
      </Text>
      {["Consent", "Logged", "In place", "n = 12,480"].map((entry, index) => (
        <Text key={entry} x={310} y={86 + index * 20} size={11} fill={c.textMuted}>
          {entry}
        </Text>
      ))}
    </Window>
  ),
  // FactoryPulse: a line's machines with one press flagged by its rising
  // vibration, days before it would have failed.
  "line-monitoring": ({ headlineResult }) => (
    <Window title="FactoryPulse · Plant 2 · Line 3">
      {(
        [
          ["Press 14", "Bearing wear", true],
          ["Press 12", "Running", false],
          ["CNC 07", "Running", false],
        ] as const
      ).map(([machine, state, flagged], index) => {
        const x = 28 + index * 116;
        return (
          <g key={machine}>
            <rect
              x={x}
              y="52"
              width="108"
              height="44"
              rx="8"
              fill={flagged ? c.warningSoft : c.surfaceMuted}
            />
            <circle cx={x + 14} cy="67" r="4" fill={flagged ? c.warning : c.positive} />
            <Text x={x + 24} y={71} weight={600}>
              {machine}
            </Text>
            <Text x={x + 12} y={88} size={11} fill={flagged ? c.warning : c.textMuted}>
              {state}
            </Text>
          </g>
        );
      })}
      <Text x={28} y={122} size={11} fill={c.textMuted}>
        Unplanned stops
      </Text>
      <Text x={28} y={152} size={28} weight={700} fill={c.positive}>
        {`−${headlineResult.value}`}
      </Text>
      <Text x={28} y={170} size={11} fill={c.textMuted}>
        first year
      </Text>
      <path d="M132 108v68" stroke={c.rule} />
      <Text x={146} y={122} size={11} fill={c.textMuted}>
        Press 14 vibration · 9 days
      </Text>
      <path d="M146 142h222" stroke={c.warning} strokeDasharray="4 3" />
      <polyline
        points="146,170 170,168 194,171 218,166 242,164 266,160 290,154 314,148 338,140 362,132"
        fill="none"
        stroke={c.warning}
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </Window>
  ),
  // LaunchPad Studio: the programme's plan, week by week, to the launch with
  // paying users.
  launch: ({ headlineResult, client }) => {
    const weeks = Array.from({ length: 8 }, (_, index) => index);
    const column = (week: number) => 134 + week * 20;
    return (
      <Window title={`${client.name} · Launch plan`}>
        {weeks.map((week) => (
          <Text key={week} x={column(week) + 9} y={62} size={11} fill={c.textMuted} anchor="middle">
            {`${week + 1}`}
          </Text>
        ))}
        {(
          [
            ["Discovery", 0, 1, c.highlightDeep],
            ["Design sprints", 1, 2, c.accent],
            ["Build", 3, 5, c.text],
          ] as const
        ).map(([phase, start, length, fill], index) => {
          const y = 74 + index * 26;
          return (
            <g key={phase}>
              <Text x={28} y={y + 13}>
                {phase}
              </Text>
              <rect
                x={column(start)}
                y={y}
                width={length * 20 - 3}
                height="18"
                rx="5"
                fill={fill}
              />
            </g>
          );
        })}
        <Text x={28} y={166} size={12} weight={700} fill={c.accent}>
          {`${headlineResult.value} ${headlineResult.label}`}
        </Text>
        <path d="M298 42v144" stroke={c.rule} />
        <Text x={310} y={64} size={11} fill={c.textMuted}>
          Week 8
        </Text>
        <Pill x={310} y={88} label="Launch" tone="ok" />
        <Text x={310} y={116} size={11} fill={c.textMuted}>
          Paying
        </Text>
        <Text x={310} y={131} size={11} fill={c.textMuted}>
          users
        </Text>
      </Window>
    );
  },
};

/** A label in two lines, split at the space nearest its middle. */
function splitLabel(label: string): string[] {
  const middle = label.length / 2;
  const spaces = [...label.matchAll(/ /g)].map((match) => match.index);
  if (spaces.length === 0) return [label];
  const split = spaces.reduce((best, index) =>
    Math.abs(index - middle) < Math.abs(best - middle) ? index : best,
  );
  return [label.slice(0, split), label.slice(split + 1)];
}

/** A small, stable number from a slug. */
function hashOf(seed: string): number {
  let hash = 7;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) % 100_003;
  return hash;
}

/**
 * The art of a product that names no drawing: a dashboard with its name and
 * headline result, bars placed by its slug, so a product added as content
 * shows its own figure until it gets its own screen.
 */
function generated({ slug, name, headlineResult }: ArtProduct) {
  const hash = hashOf(slug);
  return (
    <Window title={`${name} · Overview`}>
      <Text x={30} y={90} size={32} weight={700} fill={c.accent}>
        {headlineResult.value}
      </Text>
      {splitLabel(headlineResult.label).map((line, index) => (
        <Text key={line} x={30} y={112 + index * 15} size={11} fill={c.textMuted}>
          {line}
        </Text>
      ))}
      {Array.from({ length: 8 }, (_, index) => {
        const height = 24 + ((hash >> index) % 6) * 14;
        return (
          <rect
            key={index}
            x={212 + index * 20}
            y={170 - height}
            width="12"
            height={height}
            rx="3"
            fill={index === hash % 8 ? c.accent : c.accentSoft}
          />
        );
      })}
    </Window>
  );
}
