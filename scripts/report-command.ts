import type { AppDatabase } from "../server/db/database";
import { terminalTable } from "./lib/text-tables";

/**
 * `npm run leads -- report [--since 30d|DATE]`: how many leads and
 * registrations came by each source (utm_source, else the referring host),
 * campaign and landing page (issue 28). Rows whose people were forgotten
 * still count (docs/decisions/077).
 */
export type ReportCommand = { command: "report"; since?: Date };

type SourceRow = {
  landing_page: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
};

const groupings: [string, (row: SourceRow) => string][] = [
  ["Source", (row) => row.utm_source ?? row.referrer_host ?? "(direct or unknown)"],
  ["Campaign", (row) => row.utm_campaign ?? "(none)"],
  ["Landing page", (row) => row.landing_page ?? "(unknown)"],
];

export async function runReportCommand(
  { since }: ReportCommand,
  db: AppDatabase,
  write: (text: string) => void,
): Promise<void> {
  const columns = ["landing_page", "referrer_host", "utm_source", "utm_campaign"] as const;
  let leads = db.selectFrom("leads").select(columns);
  let registrations = db.selectFrom("registrations").select(columns);
  if (since) {
    leads = leads.where("created_at", ">=", since.toISOString());
    registrations = registrations.where("created_at", ">=", since.toISOString());
  }
  const counted = { leads: await leads.execute(), registrations: await registrations.execute() };
  write(reportText(counted, since));
}

export function reportText(
  rows: { leads: readonly SourceRow[]; registrations: readonly SourceRow[] },
  since?: Date,
): string {
  const title = since
    ? `Since ${since.toISOString().slice(0, 16).replace("T", " ")} UTC`
    : "All time";
  const parts = [
    `${title}: ${rows.leads.length} leads, ${rows.registrations.length} registrations\n`,
  ];
  for (const [name, keyOf] of groupings) {
    const counts = new Map<string, { leads: number; registrations: number }>();
    for (const kind of ["leads", "registrations"] as const) {
      for (const row of rows[kind]) {
        const key = keyOf(row);
        const count = counts.get(key) ?? { leads: 0, registrations: 0 };
        count[kind] += 1;
        counts.set(key, count);
      }
    }
    const sorted = [...counts].sort(
      ([a, x], [b, y]) =>
        y.leads + y.registrations - (x.leads + x.registrations) || a.localeCompare(b),
    );
    parts.push(
      terminalTable(
        [name, "Leads", "Registrations"],
        sorted.map(([key, count]) => [key, String(count.leads), String(count.registrations)]),
      ),
    );
  }
  return parts.join("\n");
}
