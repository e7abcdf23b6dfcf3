import { useId } from "react";
import { Link } from "react-router";
import { brandMark } from "~/config/brand";
import { siteConfig } from "~/config/site";
import { cn } from "~/lib/cn";
import { paths } from "~/config/paths";

/** The company mark and name, linking home. Drawn in code: no image request. */
export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  // Two logos share a page (header and footer): each needs its own gradient id.
  const gradientId = useId();
  const [brandWord, ...rest] = siteConfig.name.split(" ");
  return (
    <Link
      to={paths.home}
      onClick={onClick}
      aria-label={`${siteConfig.name} home`}
      className={cn("inline-flex items-center gap-2.5 rounded-md text-white", className)}
    >
      <svg
        viewBox={brandMark.viewBox}
        width="32"
        height="32"
        aria-hidden="true"
        className="shrink-0"
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={brandMark.gradient.from} />
            <stop offset="1" stopColor={brandMark.gradient.to} />
          </linearGradient>
        </defs>
        <path
          d={brandMark.ring}
          fill="none"
          stroke={`url(#${gradientId})`}
          strokeWidth={brandMark.ringWidth}
          strokeLinecap="round"
        />
        <circle {...brandMark.dot} fill={brandMark.dotColour} />
      </svg>
      <span className="text-[17px] font-semibold tracking-tight whitespace-nowrap">
        {brandWord}
        <span className="font-normal text-slate-300">
          {rest.length > 0 && ` ${rest.join(" ")}`}
        </span>
      </span>
    </Link>
  );
}
