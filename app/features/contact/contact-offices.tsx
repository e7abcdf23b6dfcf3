import { Icon } from "~/components/ui/icon";
import { siteConfig } from "~/config/site";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type ContactOfficesProps = SectionProps & {
  heading: SectionHeadingCopy;
};

/** The offices from app/config/site.ts, each on a card with a small street-grid drawing. */
export function ContactOffices({ id, className, heading }: ContactOfficesProps) {
  return (
    <SectionBand id={id} className={className} labelledBy="contact-offices-heading">
      <SectionHeading id="contact-offices-heading" heading={heading} />
      <ul className="mt-12 grid gap-6 md:grid-cols-2">
        {siteConfig.offices.map((office, index) => (
          <li
            key={office.city}
            className="overflow-hidden rounded-2xl border border-line bg-surface"
          >
            <StreetGrid variant={index} />
            <div className="flex gap-4 p-6 sm:p-8">
              <Icon name="map-pin" className="mt-1 size-6 shrink-0 text-accent" />
              <div>
                <h3 className="text-xl font-semibold">{office.city}</h3>
                <address className="mt-2 leading-relaxed text-muted not-italic">
                  {office.lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </SectionBand>
  );
}

/** Abstract art drawn in code: a few streets, a river bend and a pin. Decorative. */
function StreetGrid({ variant }: { variant: number }) {
  const tilt = variant % 2 === 0 ? -8 : 12;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 560 160"
      width="560"
      height="160"
      preserveAspectRatio="xMidYMid slice"
      className="block h-36 w-full bg-shade sm:h-40"
    >
      <g transform={`rotate(${tilt} 280 80)`} stroke="#d3cec3" strokeWidth="1.5" fill="none">
        {[-120, -40, 40, 120, 200, 280, 360, 440, 520, 600, 680].map((x) => (
          <line key={`v${x}`} x1={x} y1={-120} x2={x} y2={280} />
        ))}
        {[-40, 20, 80, 140, 200].map((y) => (
          <line key={`h${y}`} x1={-160} y1={y} x2={720} y2={y} />
        ))}
      </g>
      <path
        d={
          variant % 2 === 0
            ? "M-10 128 C 140 92, 250 170, 570 104"
            : "M-10 40 C 170 100, 330 10, 570 70"
        }
        stroke="#f5cdb9"
        strokeWidth="14"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="280" cy="80" r="26" fill="#e0522a" opacity="0.12" />
      <circle cx="280" cy="80" r="9" fill="#e0522a" />
      <circle cx="280" cy="80" r="3.5" fill="#fff" />
    </svg>
  );
}
