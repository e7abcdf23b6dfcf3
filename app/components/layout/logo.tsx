import { useId } from "react";
import { Link } from "react-router";
import { siteConfig } from "../../config/site";
import { cn } from "../../lib/cn";

/** The company mark and name, linking home. Drawn in code: no image request. */
export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  // Two logos share a page (header and footer): each needs its own gradient id.
  const gradientId = useId();
  const [brandWord, ...rest] = siteConfig.name.split(" ");
  return (
    <Link
      to="/"
      onClick={onClick}
      aria-label={`${siteConfig.name} home`}
      className={cn("inline-flex items-center gap-2.5 rounded-md text-white", className)}
    >
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#818cf8" />
            <stop offset="1" stopColor="#22d3ee" />
          </linearGradient>
        </defs>
        <path
          d="M23.5 9.2A10 10 0 1 0 23.5 22.8"
          fill="none"
          stroke={`url(#${gradientId})`}
          strokeWidth="4"
          strokeLinecap="round"
        />
        <circle cx="24" cy="16" r="3" fill="#22d3ee" />
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
