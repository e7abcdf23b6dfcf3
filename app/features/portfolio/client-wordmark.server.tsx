import { renderToStaticMarkup } from "react-dom/server";
import satori from "satori";
import { clientWordmarkSize } from "~/config/art";
import { interFonts } from "~/lib/inter-font.server";

const WIDTH = clientWordmarkSize.width;
const HEIGHT = clientWordmarkSize.height;
const INK = "#3d3e37";

/** Eight simple marks, 28x28, drawn in one ink: a client's logo beside its name. */
const marks = [
  // Two interlocking rings.
  <g key="rings" fill="none" stroke={INK} strokeWidth="3.5">
    <circle cx="10" cy="14" r="8" />
    <circle cx="18" cy="14" r="8" />
  </g>,
  // A leaf of three stacked bars.
  <g key="bars" fill={INK}>
    <rect x="2" y="3" width="24" height="6" rx="3" />
    <rect x="6" y="11" width="20" height="6" rx="3" />
    <rect x="10" y="19" width="16" height="6" rx="3" />
  </g>,
  // A diamond with a cut-out.
  <g key="diamond">
    <path d="M14 1 27 14 14 27 1 14Z" fill={INK} />
    <path d="M14 9 19 14 14 19 9 14Z" fill="#fff" />
  </g>,
  // A half-disc over a line: a rising sun.
  <g key="sun" fill={INK}>
    <path d="M3 19a11 11 0 0 1 22 0Z" />
    <rect x="1" y="22" width="26" height="3.5" rx="1.75" />
  </g>,
  // Two offset squares.
  <g key="squares">
    <rect x="2" y="2" width="16" height="16" rx="3" fill={INK} />
    <rect x="10" y="10" width="16" height="16" rx="3" fill="none" stroke={INK} strokeWidth="3.5" />
  </g>,
  // A quarter-circle fan.
  <g key="fan" fill={INK}>
    <path d="M2 26V2a24 24 0 0 1 24 24Z" opacity="0.45" />
    <path d="M2 26V12a14 14 0 0 1 14 14Z" />
  </g>,
  // A bee-cell of three dots in a triangle.
  <g key="dots" fill={INK}>
    <circle cx="14" cy="6" r="5.5" />
    <circle cx="7" cy="20" r="5.5" />
    <circle cx="21" cy="20" r="5.5" />
  </g>,
  // A hexagon.
  <path
    key="hex"
    d="M14 1.5 25 7.75v12.5L14 26.5 3 20.25V7.75Z"
    fill="none"
    stroke={INK}
    strokeWidth="3.5"
  />,
];

/** Where the name starts, right of the 28px mark and its gap. */
const NAME_X = 41;

/**
 * A client's wordmark, drawn in code as a fictional logo: one of eight marks
 * (the `variant`, the client's place in the list, so neighbours differ) and
 * the company's name, in one slate ink so the strip reads as a set. A long
 * name sets its first word large and the rest in small capitals below; every
 * third sets its first word in spaced capitals.
 *
 * The name is drawn as outlines (satori, from the Inter files), not as SVG
 * text: an image cannot load the page's fonts, so text would fall back to
 * whatever the visitor's system has, and laying out text inside each image
 * cost the phone's main thread 10-30 ms per logo after the first paint
 * (docs/benchmarks.md). Rendered to an SVG file at build time; pages show it
 * with the company's name as alt text.
 */
export async function clientWordmarkSvg({
  name,
  variant,
}: {
  name: string;
  variant: number;
}): Promise<string> {
  const fonts = interFonts(600, 700);
  const [first = name, ...rest] = name.split(" ");
  const smallLine = rest.join(" ").toUpperCase();
  const twoLines = name.length > 14 && rest.length > 0;
  const capitals = variant % 3 === 2;
  const nameWidth = WIDTH - NAME_X;
  const lettering = await satori(
    <div
      style={{
        width: nameWidth,
        height: HEIGHT,
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        color: INK,
        fontFamily: "Inter",
        lineHeight: 1.15,
      }}
    >
      {twoLines ? (
        <>
          <div
            style={{
              fontSize: capitals ? 18 : 22,
              fontWeight: capitals ? 600 : 700,
              letterSpacing: capitals ? 1.4 : 0.4,
            }}
          >
            {capitals ? first.toUpperCase() : first}
          </div>
          <div
            style={{
              marginTop: 1,
              fontSize: 9,
              fontWeight: 600,
              letterSpacing: smallLine.length > 14 ? 0.6 : 1.6,
            }}
          >
            {smallLine}
          </div>
        </>
      ) : (
        <div
          style={{
            fontSize: name.length > 11 ? 19 : 23,
            fontWeight: 700,
            letterSpacing: variant % 2 ? 0.4 : -0.3,
          }}
        >
          {capitals ? name.toUpperCase() : name}
        </div>
      )}
    </div>,
    { width: nameWidth, height: HEIGHT, fonts },
  );
  const mark = renderToStaticMarkup(
    <g transform={`translate(4 ${(HEIGHT - 28) / 2})`}>{marks[variant % marks.length]}</g>,
  );
  // satori's document goes in whole as a nested <svg>, placed right of the mark.
  const placedLettering = lettering.replace("<svg ", `<svg x="${NAME_X}" y="0" `);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${mark}${placedLettering}</svg>`;
}
