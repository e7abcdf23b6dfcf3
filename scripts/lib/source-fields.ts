import type { SourceColumns } from "../../server/db/schema";

/** Where a lead or registration came from (app/lib/forms/lead-source.ts), as the exports name it. */
export function exportedSource(row: Omit<SourceColumns, "forgotten_at">) {
  return {
    landingPage: row.landing_page,
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    formPage: row.form_page,
  };
}

export const sourceFields = [
  "landingPage",
  "referrerHost",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "formPage",
] as const;
