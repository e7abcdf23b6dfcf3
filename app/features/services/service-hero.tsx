import { useId, type ReactNode } from "react";
import { findService, serviceIds, type ServiceId } from "~/config/services";
import { cn } from "~/lib/cn";
import { Icon } from "~/components/ui/icon";
import { Container } from "~/components/ui/container";
import type { SectionProps } from "~/components/sections/types";
import { HeroCopy, type HeroHeadingCopy } from "~/components/sections/page-hero";

type ServiceHeroProps = SectionProps & {
  serviceId: ServiceId;
  /** The service's name as the page's one h1, its one-line promise as the lead. */
  heading: HeroHeadingCopy;
  actions?: ReactNode;
};

/**
 * The ink band that opens a service page: the service's name as the h1, its
 * promise, actions, and abstract art built around the service's icon.
 */
export function ServiceHero({ id, className, serviceId, heading, actions }: ServiceHeroProps) {
  return (
    <section
      id={id}
      className={cn("relative isolate overflow-hidden bg-ink text-white", className)}
    >
      <HeroGrid />
      <Container className="grid items-center gap-10 py-16 sm:py-20 md:py-24 lg:grid-cols-12">
        <div className="lg:col-span-7">
          <HeroCopy heading={heading} actions={actions} />
        </div>
        <div className="hidden lg:col-span-5 lg:block">
          <ServiceArt serviceId={serviceId} className="ml-auto h-auto w-full max-w-[440px]" />
        </div>
      </Container>
    </section>
  );
}

/** The faint grid and glow behind the whole band. Decorative. */
function HeroGrid() {
  const id = useId();
  return (
    <svg
      aria-hidden="true"
      className="absolute inset-0 -z-10 h-full w-full"
      preserveAspectRatio="xMidYMid slice"
      viewBox="0 0 1440 560"
      width="1440"
      height="560"
    >
      <defs>
        <pattern id={`${id}-grid`} width="48" height="48" patternUnits="userSpaceOnUse">
          <path d="M48 0H0v48" fill="none" stroke="rgb(255 255 255 / 0.05)" />
        </pattern>
        <radialGradient id={`${id}-glow`} cx="0.78" cy="0.45" r="0.55">
          <stop offset="0" stopColor="#4f46e5" stopOpacity="0.4" />
          <stop offset="1" stopColor="#4f46e5" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1440" height="560" fill={`url(#${id}-grid)`} />
      <rect width="1440" height="560" fill={`url(#${id}-glow)`} />
    </svg>
  );
}

/**
 * Orbits around the service's icon. The number and placement of the
 * satellites follow from the service's position in the config, so each page's
 * art differs while staying one family.
 */
export function ServiceArt({ serviceId, className }: { serviceId: ServiceId; className?: string }) {
  const id = useId();
  const seed = Math.max(0, serviceIds.indexOf(serviceId));
  const centre = 220;
  const rings = [78, 128, 178];
  const satellites = Array.from({ length: 3 + (seed % 3) }, (_, index) => {
    const ring = rings[(index + seed) % rings.length] ?? 128;
    const angle = ((seed * 47 + index * (360 / (3 + (seed % 3))) + 20) * Math.PI) / 180;
    return {
      x: round(centre + ring * Math.cos(angle)),
      y: round(centre + ring * Math.sin(angle)),
      size: index % 2 === 0 ? 5 : 3.5,
      tone: index % 3 === 0 ? "#22d3ee" : "#a5b4fc",
    };
  });
  // Two small "panels" out on the rings, wired to the centre.
  const panels = [0, 1].map((index) => {
    const angle = ((seed * 61 + 200 + index * 150) * Math.PI) / 180;
    const ring = index === 0 ? 178 : 128;
    return {
      x: round(centre + ring * Math.cos(angle)),
      y: round(centre + ring * Math.sin(angle)),
      wide: (seed + index) % 2 === 0,
    };
  });
  // An arc of the middle ring, highlighted; where it starts varies per service.
  const arcStart = ((seed * 33) % 360) * (Math.PI / 180);
  const arcEnd = arcStart + Math.PI * 0.6;
  const arc = `M ${round(centre + 128 * Math.cos(arcStart))} ${round(centre + 128 * Math.sin(arcStart))} A 128 128 0 0 1 ${round(centre + 128 * Math.cos(arcEnd))} ${round(centre + 128 * Math.sin(arcEnd))}`;

  return (
    <svg
      aria-hidden="true"
      className={className}
      width="440"
      height="440"
      viewBox="0 0 440 440"
      fill="none"
    >
      <defs>
        <linearGradient id={`${id}-arc`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#22d3ee" />
          <stop offset="1" stopColor="#6366f1" />
        </linearGradient>
        <linearGradient id={`${id}-tile`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#0891b2" />
        </linearGradient>
        <radialGradient id={`${id}-halo`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#6366f1" stopOpacity="0.35" />
          <stop offset="1" stopColor="#6366f1" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx={centre} cy={centre} r="210" fill={`url(#${id}-halo)`} />
      <path d={`M ${centre} 24 V 416 M 24 ${centre} H 416`} stroke="rgb(255 255 255 / 0.06)" />
      {rings.map((radius, index) => (
        <circle
          key={radius}
          cx={centre}
          cy={centre}
          r={radius}
          stroke="rgb(165 180 252)"
          strokeOpacity={0.28 - index * 0.07}
          strokeDasharray={index === 2 ? "2 7" : undefined}
        />
      ))}
      <path d={arc} stroke={`url(#${id}-arc)`} strokeWidth="2.5" strokeLinecap="round" />
      {satellites.map((satellite) => (
        <circle
          key={`${satellite.x}-${satellite.y}`}
          cx={satellite.x}
          cy={satellite.y}
          r={satellite.size}
          fill={satellite.tone}
        />
      ))}
      {panels.map((panel) => (
        <g key={`${panel.x}-${panel.y}`}>
          <path
            d={`M ${centre} ${centre} L ${panel.x} ${panel.y}`}
            stroke="rgb(103 232 249 / 0.3)"
            strokeDasharray="3 5"
          />
          <rect
            x={panel.x - 34}
            y={panel.y - 15}
            width="68"
            height="30"
            rx="8"
            fill="#1b2540"
            stroke="rgb(255 255 255 / 0.16)"
          />
          <circle cx={panel.x - 20} cy={panel.y} r="4" fill="#22d3ee" />
          <rect
            x={panel.x - 10}
            y={panel.y - 5}
            width={panel.wide ? 34 : 26}
            height="4"
            rx="2"
            fill="rgb(165 180 252 / 0.7)"
          />
          <rect
            x={panel.x - 10}
            y={panel.y + 2}
            width={panel.wide ? 22 : 30}
            height="4"
            rx="2"
            fill="rgb(165 180 252 / 0.35)"
          />
        </g>
      ))}
      <rect
        x={centre - 44}
        y={centre - 44}
        width="88"
        height="88"
        rx="24"
        fill={`url(#${id}-tile)`}
      />
      <rect
        x={centre - 44.5}
        y={centre - 44.5}
        width="89"
        height="89"
        rx="24.5"
        stroke="rgb(255 255 255 / 0.25)"
      />
      <Icon
        name={findService(serviceId)?.icon ?? "compass"}
        x={centre - 20}
        y={centre - 20}
        width={40}
        height={40}
        color="#ffffff"
        strokeWidth={1.6}
      />
    </svg>
  );
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
