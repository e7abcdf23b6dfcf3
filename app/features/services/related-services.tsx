import { ServiceGrid } from "~/features/services/service-grid";
import type { ServiceSummary } from "~/features/services/service-view";
import type { SectionTone } from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type RelatedServicesProps = SectionProps & {
  services: readonly ServiceSummary[];
  tone?: SectionTone;
};

/** Where to read next: the services a page names as related, as cards. */
export function RelatedServices({
  id = "related",
  className,
  services,
  tone,
}: RelatedServicesProps) {
  return (
    <ServiceGrid
      id={id}
      className={className}
      tone={tone}
      services={services}
      eyebrow="Keep exploring"
      title="Related services"
    />
  );
}
