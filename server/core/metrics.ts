import { Counter, Gauge, collectDefaultMetrics } from "prom-client";

/*
 * The process's Prometheus metrics (prom-client; requests are counted in server/http/metrics.ts).
 * Each instance counts its own; the outbox and spool gauges read the shared database and the
 * instance's spool when scraped. docs/operations.md names the alerts worth setting on them.
 */
// In prom-client's global registry, as express-prom-bundle's histogram is.
collectDefaultMetrics({ prefix: "corvanta_" });

export const leadsTaken = new Counter({
  name: "corvanta_leads_taken_total",
  help: "Contact form enquiries accepted (stored, or spooled while the database was away)",
});

export const registrationsTaken = new Counter({
  name: "corvanta_registrations_taken_total",
  help: "Event registrations taken, by status (confirmed or waiting)",
  labelNames: ["status"] as const,
});

export const databaseTimeouts = new Counter({
  name: "corvanta_database_timeouts_total",
  help: "Database calls given up at their bound (DATABASE_TIMEOUT_MS)",
});

/** What the outbox and spool gauges read when scraped; set by the lead pipeline (server/services.ts). */
type PipelineReadings = {
  outbox: () => Promise<{ waiting: number; oldestAgeSeconds: number }>;
  spooled: () => number;
};
let readings: PipelineReadings | undefined;

export function readPipelineFrom(source: PipelineReadings | undefined): void {
  readings = source;
}

/** One read of the outbox per scrape, shared by its two gauges. */
let outboxReading: Promise<{ waiting: number; oldestAgeSeconds: number } | undefined> | undefined;
new Gauge({
  name: "corvanta_outbox_backlog",
  help: "E-mails waiting in the outbox (all instances share it)",
  async collect() {
    // The database did not answer: the gauge keeps its last value, and
    // corvanta_database_timeouts_total and /readyz say why.
    outboxReading = readings?.outbox().catch(() => undefined);
    const reading = await outboxReading;
    if (reading) this.set(reading.waiting);
  },
});
new Gauge({
  name: "corvanta_outbox_oldest_age_seconds",
  help: "Age of the oldest unsent e-mail in the outbox, 0 when none waits",
  async collect() {
    const reading = await outboxReading;
    if (reading) this.set(reading.oldestAgeSeconds);
  },
});
new Gauge({
  name: "corvanta_spool_size",
  help: "Enquiries waiting in this instance's spool for the database (should be 0)",
  collect() {
    if (readings) this.set(readings.spooled());
  },
});
