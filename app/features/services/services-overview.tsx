import { ServiceCardList, TalkToUsCard } from "~/features/services/service-grid";
import type { ServiceSummary } from "~/features/services/service-view";

/** What a not-found answer carries (app/site/not-found.server.ts). */
export type ServicesOverviewData = {
  services: ServiceSummary[];
  talkToUs: { title: string; body: string; action: string };
};

/**
 * Every service with its one-line promise, one card a row on phones, closed by
 * the invitation to talk: the not-found page's list, and the services overview
 * /services has in place of a page of its own (the spec keeps /services a 404).
 */
export function ServicesOverview({ services, talkToUs }: ServicesOverviewData) {
  return (
    <ServiceCardList
      services={services}
      summaryOnPhones
      className="mt-6"
      closingCard={<TalkToUsCard {...talkToUs} />}
    />
  );
}

/** The overview a 404's data carries, when a loader threw notFound(). */
export function overviewOfNotFound(data: unknown): ServicesOverviewData | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { services, talkToUs } = data as Partial<ServicesOverviewData>;
  return Array.isArray(services) && talkToUs ? { services, talkToUs } : undefined;
}
