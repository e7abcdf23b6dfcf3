/*
 * The home page hero's pictures, drawn in code and rendered to SVG files
 * (app/routes/art.ts, app/config/art.ts); HeroHome shows them as images.
 */

/** A faint grid and a soft vermilion glow behind the hero. Decorative. */
export function HeroBackdropSvg() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      preserveAspectRatio="xMidYMid slice"
      viewBox="0 0 1440 720"
      width="1440"
      height="720"
    >
      <defs>
        <pattern id="home-hero-grid" width="48" height="48" patternUnits="userSpaceOnUse">
          <path d="M48 0H0v48" fill="none" stroke="rgb(255 255 255 / 0.05)" />
        </pattern>
        <radialGradient id="home-hero-glow" cx="0.78" cy="0.35" r="0.55">
          <stop offset="0" stopColor="#e0522a" stopOpacity="0.5" />
          <stop offset="1" stopColor="#e0522a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="home-hero-fade" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0.6" stopColor="#141512" stopOpacity="0" />
          <stop offset="1" stopColor="#141512" stopOpacity="0.9" />
        </linearGradient>
      </defs>
      <rect width="1440" height="720" fill="url(#home-hero-grid)" />
      <rect width="1440" height="720" fill="url(#home-hero-glow)" />
      <rect width="1440" height="720" fill="url(#home-hero-fade)" />
    </svg>
  );
}

const bars = [96, 132, 118, 164, 150, 196];
const linePoints = "108,236 156,214 204,222 252,188 300,196 348,156 396,142";

/**
 * Abstract product art drawn in code: a dashboard window and a phone on two
 * orbits. Decorative, so hidden from assistive technology.
 */
export function HeroProductSvg() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 520 480" width="520" height="480">
      <defs>
        <linearGradient id="art-accent" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#e0522a" />
          <stop offset="1" stopColor="#e0a94f" />
        </linearGradient>
        <linearGradient id="art-bar" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff9b70" stopOpacity="0.9" />
          <stop offset="1" stopColor="#e0522a" stopOpacity="0.25" />
        </linearGradient>
        <linearGradient id="art-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f2c77a" stopOpacity="0.28" />
          <stop offset="1" stopColor="#f2c77a" stopOpacity="0" />
        </linearGradient>
      </defs>

      {/* Orbits */}
      <circle cx="260" cy="240" r="228" fill="none" stroke="rgb(165 180 252 / 0.14)" />
      <circle
        cx="260"
        cy="240"
        r="176"
        fill="none"
        stroke="rgb(103 232 249 / 0.16)"
        strokeDasharray="3 7"
      />
      <circle cx="38" cy="196" r="5" fill="#f2c77a" />
      <circle cx="468" cy="330" r="4" fill="#ffbe9f" />
      <circle cx="372" cy="98" r="3" fill="#f7dca6" />

      {/* Dashboard window */}
      <rect x="56" y="86" width="360" height="250" rx="16" fill="#1d1e1a" />
      <rect
        x="56.5"
        y="86.5"
        width="359"
        height="249"
        rx="15.5"
        fill="none"
        stroke="rgb(255 255 255 / 0.14)"
      />
      <circle cx="78" cy="108" r="4" fill="rgb(255 255 255 / 0.25)" />
      <circle cx="92" cy="108" r="4" fill="rgb(255 255 255 / 0.18)" />
      <circle cx="106" cy="108" r="4" fill="rgb(255 255 255 / 0.12)" />
      <path d="M56 128h360" stroke="rgb(255 255 255 / 0.1)" />
      <rect x="80" y="146" width="92" height="8" rx="4" fill="rgb(255 255 255 / 0.28)" />
      <rect x="80" y="162" width="56" height="6" rx="3" fill="rgb(255 255 255 / 0.12)" />
      <rect x="324" y="144" width="68" height="26" rx="13" fill="url(#art-accent)" />
      <path d={`M${linePoints.replaceAll(" ", " L")} L396,316 L108,316 Z`} fill="url(#art-area)" />
      <polyline
        points={linePoints}
        fill="none"
        stroke="#f2c77a"
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx="348" cy="156" r="5" fill="#141512" stroke="#f2c77a" strokeWidth="2.5" />
      {bars.map((height, index) => (
        <rect
          key={height}
          x={112 + index * 48}
          y={316 - height * 0.5}
          width="24"
          height={height * 0.5}
          rx="4"
          fill="url(#art-bar)"
        />
      ))}

      {/* Phone */}
      <rect x="330" y="206" width="142" height="236" rx="24" fill="#141512" />
      <rect
        x="330.75"
        y="206.75"
        width="140.5"
        height="234.5"
        rx="23.25"
        fill="none"
        stroke="rgb(255 255 255 / 0.22)"
        strokeWidth="1.5"
      />
      <rect x="381" y="218" width="40" height="6" rx="3" fill="rgb(255 255 255 / 0.18)" />
      <rect x="346" y="240" width="110" height="64" rx="12" fill="url(#art-accent)" />
      <rect x="358" y="254" width="46" height="6" rx="3" fill="rgb(255 255 255 / 0.7)" />
      <rect x="358" y="270" width="70" height="12" rx="6" fill="rgb(255 255 255 / 0.95)" />
      {[318, 350, 382].map((y, index) => (
        <g key={y}>
          <rect x="346" y={y} width="110" height="24" rx="8" fill="rgb(255 255 255 / 0.06)" />
          <circle cx="360" cy={y + 12} r="6" fill={index === 0 ? "#f2c77a" : "#ff9b70"} />
          <rect x="374" y={y + 9} width="46" height="6" rx="3" fill="rgb(255 255 255 / 0.3)" />
          <rect
            x={index === 1 ? 430 : 436}
            y={y + 7}
            width={index === 1 ? 18 : 12}
            height="10"
            rx="5"
            fill={index === 1 ? "#f2c77a" : "rgb(255 255 255 / 0.2)"}
          />
        </g>
      ))}
      <rect x="381" y="424" width="40" height="4" rx="2" fill="rgb(255 255 255 / 0.3)" />

      {/* Floating metric chip */}
      <g>
        <rect x="24" y="300" width="150" height="64" rx="14" fill="#282924" />
        <rect
          x="24.5"
          y="300.5"
          width="149"
          height="63"
          rx="13.5"
          fill="none"
          stroke="rgb(255 255 255 / 0.14)"
        />
        <circle cx="52" cy="332" r="14" fill="rgb(34 211 238 / 0.15)" />
        <path
          d="M45 333l5 5 9-11"
          fill="none"
          stroke="#f2c77a"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect x="76" y="320" width="72" height="8" rx="4" fill="rgb(255 255 255 / 0.75)" />
        <rect x="76" y="336" width="48" height="6" rx="3" fill="rgb(255 255 255 / 0.25)" />
      </g>
    </svg>
  );
}
