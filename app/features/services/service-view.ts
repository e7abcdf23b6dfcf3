import type { ServiceId } from "~/config/services";

/** What a service card shows: the id, the spec's label and the content's summary. */
export type ServiceSummary = { id: ServiceId; label: string; summary: string };
