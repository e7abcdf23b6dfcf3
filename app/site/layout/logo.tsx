import { useId } from "react";
import { Link } from "react-router";
import { BrandMark } from "~/site/brand-mark";
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
      <BrandMark
        gradientId={gradientId}
        width="32"
        height="32"
        aria-hidden="true"
        className="shrink-0"
      />
      <span className="text-[17px] font-semibold tracking-tight whitespace-nowrap">
        {brandWord}
        <span className="font-normal text-mist">{rest.length > 0 && ` ${rest.join(" ")}`}</span>
      </span>
    </Link>
  );
}
