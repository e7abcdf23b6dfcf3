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
