import { portraitSize } from "~/config/art";
import type { Portrait } from "~/features/company/team.server";

const SIZE = portraitSize.width;

const skinTones: Record<Portrait["skin"], string> = {
  light: "#f1c7a8",
  medium: "#d9a47e",
  tan: "#c28a5f",
  brown: "#95603d",
  dark: "#6b4128",
};

const hairColours: Record<Portrait["hairColour"], string> = {
  black: "#1f1a17",
  brown: "#5b3a22",
  auburn: "#8a3b1f",
  blonde: "#d6b16a",
  grey: "#a39e92",
};

/** Backdrops and tops from the site's palette, so the six portraits read as a set. */
const backdrops = ["#fbe9e1", "#fbf0d9", "#fbe9e1", "#f6efe2", "#f2efe8", "#f1ebdf"];
const tops = ["#e0522a", "#8f6424", "#2a2b26", "#e86a42", "#b98535", "#3d3e37"];

/** The hair behind the head (long hair falls past the shoulders). */
function hairBack(style: Portrait["hair"], colour: string) {
  switch (style) {
    case "long":
      return <path d="M46 72c0-26 15-42 34-42s34 16 34 42v52H46Z" fill={colour} />;
    case "curly":
      return (
        <g fill={colour}>
          {[
            [52, 62],
            [62, 44],
            [80, 38],
            [98, 44],
            [108, 62],
            [50, 82],
            [110, 82],
          ].map(([cx, cy]) => (
            <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="16" />
          ))}
        </g>
      );
    case "bun":
      return <circle cx="80" cy="30" r="13" fill={colour} />;
    default:
      return null;
  }
}

/** The hair over the top of the head. */
function hairFront(style: Portrait["hair"], colour: string) {
  switch (style) {
    case "short":
      return (
        <path
          d="M55 70c-2-22 10-34 25-34s28 10 26 34c-4-10-14-15-26-15s-21 5-25 15Z"
          fill={colour}
        />
      );
    case "cropped":
      return (
        <path d="M56 64c0-17 11-26 24-26s24 9 24 26c-6-7-14-10-24-10s-18 3-24 10Z" fill={colour} />
      );
    case "wavy":
      return (
        <path
          d="M54 74c-4-26 10-40 26-40s31 12 27 40c-3-6-6-12-10-14-4 5-11 6-17 2-6 5-14 4-19-1-3 4-5 8-7 13Z"
          fill={colour}
        />
      );
    case "long":
      return (
        <path
          d="M54 72c0-22 12-34 26-34s26 12 26 34c-8-12-18-18-26-18s-18 6-26 18Z"
          fill={colour}
        />
      );
    case "bun":
      return (
        <path d="M55 68c0-20 11-30 25-30s25 10 25 30c-6-9-15-14-25-14s-19 5-25 14Z" fill={colour} />
      );
    case "curly":
      return null;
  }
}

/**
 * A leader's portrait, illustrated in code: head and shoulders in flat shapes
 * on a soft circle, from the features listed in content/team (skin, hair,
 * glasses). Not a photograph and not pretending to be one. Rendered to an SVG
 * file; the About page shows it beside the person's name.
 */
export function PortraitSvg({ portrait, index }: { portrait: Portrait; index: number }) {
  const skin = skinTones[portrait.skin];
  const hair = hairColours[portrait.hairColour];
  const backdrop = backdrops[index % backdrops.length];
  const top = tops[index % tops.length];
  const clip = `portrait-clip-${index}`;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width={SIZE}
      height={SIZE}
    >
      <defs>
        <clipPath id={clip}>
          <circle cx="80" cy="80" r="80" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clip})`}>
        <rect width={SIZE} height={SIZE} fill={backdrop} />
        {hairBack(portrait.hair, hair)}
        <path d="M24 168c0-30 24-50 56-50s56 20 56 50Z" fill={top} />
        <path d="M68 100h24v22c0 6-24 6-24 0Z" fill={skin} />
        <path d="M64 118c4 10 28 10 32 0l6 3c-6 14-38 14-44 0Z" fill="rgb(255 255 255 / 0.25)" />
        <ellipse cx="80" cy="76" rx="25" ry="30" fill={skin} />
        <ellipse cx="55" cy="80" rx="4" ry="7" fill={skin} />
        <ellipse cx="105" cy="80" rx="4" ry="7" fill={skin} />
        {hairFront(portrait.hair, hair)}
        <g fill="#1f1a17">
          <circle cx="70" cy="80" r="2.6" />
          <circle cx="90" cy="80" r="2.6" />
        </g>
        <path
          d="M64 72q6-4 11 0M85 72q6-4 11 0"
          fill="none"
          stroke={hair}
          strokeWidth="2.4"
          strokeLinecap="round"
        />
        <path
          d="M73 94q7 5 14 0"
          fill="none"
          stroke="#7c2d12"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
        {portrait.glasses && (
          <g fill="none" stroke="#2a2b26" strokeWidth="2.2">
            <rect x="61" y="73" width="17" height="13" rx="5" />
            <rect x="82" y="73" width="17" height="13" rx="5" />
            <path d="M78 79h4" />
          </g>
        )}
      </g>
    </svg>
  );
}
