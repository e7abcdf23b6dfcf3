/*
 * Where an enquiry or a registration came from, without a cookie or a third
 * party (issue 28, docs/decisions/077): the page the visit landed on, the host
 * of the site that sent it there, its utm_source, utm_medium and utm_campaign,
 * and the page the form was sent from. Paths are kept without their query (a
 * query may hold an address or a click id); the campaign fields are read out
 * of it.
 *
 * With JavaScript the first page of the tab's visit writes them to
 * sessionStorage (gone when the tab closes) and each form sends them as hidden
 * fields. Without it the action takes the page the form was sent from (the
 * post's Referer, same origin only) and its query, and the form brings them
 * back with it when it must be sent again.
 */

export const leadSourceFields = [
  "landingPage",
  "referrerHost",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "formPage",
] as const;

export type LeadSourceField = (typeof leadSourceFields)[number];

/** As stored: null where unknown or dropped. */
export type LeadSource = Record<LeadSourceField, string | null>;

/** An enquiry or registration with its source (in the lead spool, inside its JSON; older have none). */
export type WithSource<T> = T & { source?: LeadSource };

/** A form's answer that brings the form back carries the source it was sent with. */
export type WithLeadSource = { source?: Partial<Record<LeadSourceField, string>> };

const campaignParams = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
} as const;

/** Longest value kept, in characters. */
export const leadSourceLimits = { path: 300, host: 253, campaign: 100 } as const;

const storageKey = "corvanta.leadSource";

/** Runs on every page once it hydrates; only the tab's first page is written. */
export function rememberLanding(): void {
  try {
    if (sessionStorage.getItem(storageKey) !== null) return;
    const query = new URLSearchParams(location.search);
    let referrerHost: string | null = null;
    if (document.referrer) {
      const from = new URL(document.referrer);
      // A page of this site is not where the visit came from.
      if (from.origin !== location.origin) referrerHost = from.hostname;
    }
    const record: Partial<LeadSource> = { landingPage: location.pathname, referrerHost };
    for (const [field, param] of Object.entries(campaignParams)) {
      record[field as LeadSourceField] = query.get(param);
    }
    sessionStorage.setItem(storageKey, JSON.stringify(record));
  } catch {
    // Storage switched off: the server takes the form's own page instead.
  }
}

/** The tab's record as stored (noted first, if this is the tab's first page), or null. */
export function storedLeadSource(): string | null {
  rememberLanding();
  try {
    return sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** The tab's record, as hidden-field values; empty when there is none. */
export function tabLeadSource(stored: string | null): Partial<Record<LeadSourceField, string>> {
  try {
    const record = JSON.parse(stored ?? "{}") as Partial<LeadSource>;
    const values: Partial<Record<LeadSourceField, string>> = {};
    for (const field of leadSourceFields) {
      const value = record[field];
      if (typeof value === "string") values[field] = value;
    }
    return values;
  } catch {
    return {};
  }
}

/**
 * Completes a post's source in `form` and returns it for the form's next
 * post. A post without the tab's record (no JavaScript, or no storage) takes
 * the page it was sent from: the Referer when it is this site's, else the
 * address it was posted to, and that page's campaign parameters.
 */
export function completeLeadSource(
  form: FormData,
  request: Request,
): Partial<Record<LeadSourceField, string>> {
  if (!form.get("landingPage")) {
    const target = new URL(request.url);
    let page = target;
    try {
      const referer = new URL(request.headers.get("referer") ?? "");
      if (referer.origin === target.origin) page = referer;
    } catch {
      // No Referer, or not a URL: the address posted to.
    }
    form.set("landingPage", page.pathname);
    if (!form.get("formPage")) form.set("formPage", page.pathname);
    for (const [field, param] of Object.entries(campaignParams)) {
      const value = page.searchParams.get(param);
      if (value) form.set(field, value);
    }
  }
  const values: Partial<Record<LeadSourceField, string>> = {};
  for (const field of leadSourceFields) {
    const value = form.get(field);
    if (typeof value === "string" && value !== "") values[field] = value;
  }
  return values;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Why a value is not kept, or null when it is. */
function problemWith(field: LeadSourceField, value: string): string | null {
  if (field === "landingPage" || field === "formPage") {
    if (value.length > leadSourceLimits.path) {
      return `must be ${leadSourceLimits.path} characters or fewer`;
    }
    const parsed = URL.canParse(value, "http://site.invalid")
      ? new URL(value, "http://site.invalid")
      : null;
    const isPath = value.startsWith("/") && parsed?.host === "site.invalid";
    return isPath && parsed.pathname === value
      ? null
      : "must be a path on this site, like /contact";
  }
  if (field === "referrerHost") {
    if (value.length > leadSourceLimits.host) {
      return `must be ${leadSourceLimits.host} characters or fewer`;
    }
    const parsed = URL.canParse(`http://${value}/`) ? new URL(`http://${value}/`) : null;
    return parsed?.hostname === value ? null : "must be a host name, like www.example.com";
  }
  if (value.length > leadSourceLimits.campaign) {
    return `must be ${leadSourceLimits.campaign} characters or fewer`;
  }
  return CONTROL.test(value) ? "must not hold control characters" : null;
}

/**
 * The source fields of a post, checked: a value past its bound or not what it
 * should be is dropped (stored as null) and named in `dropped`, while the
 * enquiry or registration itself is kept, since the visitor never sees these
 * fields and could not correct them. `dropped` names them, empty when none.
 */
export function readLeadSource(form: FormData): { source: LeadSource; dropped: string } {
  const source = {} as LeadSource;
  const dropped: { field: LeadSourceField; reason: string }[] = [];
  for (const field of leadSourceFields) {
    const raw = form.get(field);
    const value = typeof raw === "string" ? raw.trim() : "";
    const reason = value === "" ? null : problemWith(field, value);
    if (reason) dropped.push({ field, reason });
    source[field] = value === "" || reason ? null : value;
  }
  // What was dropped and why, never its value: "utmSource (must be ...)".
  return { source, dropped: dropped.map(({ field, reason }) => `${field} (${reason})`).join(", ") };
}

/** A post's source as its row's columns (server/db/schema.ts). */
export function sourceColumnsOf(source: LeadSource | undefined) {
  return {
    landing_page: source?.landingPage ?? null,
    referrer_host: source?.referrerHost ?? null,
    utm_source: source?.utmSource ?? null,
    utm_medium: source?.utmMedium ?? null,
    utm_campaign: source?.utmCampaign ?? null,
    form_page: source?.formPage ?? null,
  };
}

/** A stored row's source under the fields' names: what the exports and the report show. */
export function sourceOfColumns(row: ReturnType<typeof sourceColumnsOf>): LeadSource {
  return {
    landingPage: row.landing_page,
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    formPage: row.form_page,
  };
}
