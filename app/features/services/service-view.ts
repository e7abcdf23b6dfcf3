import type { ServiceId } from "~/config/services";

/** What a service card shows: the id, the content's name and summary. */
export type ServiceSummary = { id: ServiceId; name: string; summary: string };
