import { Counter, Gauge, collectDefaultMetrics } from "prom-client";

/*
 * The process's Prometheus metrics (prom-client; requests are counted in server/http/metrics.ts).
 * Each instance counts its own; the database, outbox and spool gauges ask the shared database and
 * the instance's spool when scraped. docs/operations.md names the alerts worth setting on them.
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

/** The outbox as one scrape reads it: unsent rows, the oldest's age, webhooks given up. */
type OutboxReading = { waiting: number; oldestAgeSeconds: number; deadWebhooks: number };

/** What the database, outbox and spool gauges read when scraped; set by the lead pipeline (server/services.ts). */
type PipelineReadings = {
  /** Whether the database answers a trivial query within its bound; never rejects. */
  databaseAnswers: () => Promise<boolean>;
  outbox: () => Promise<OutboxReading>;
  spooled: () => number;
};
let readings: PipelineReadings | undefined;

export function readPipelineFrom(source: PipelineReadings | undefined): void {
  readings = source;
}

// Asked at each scrape, as /readyz asks: an alert on it sees an outage within a scrape or two,
// while the site serves on (docs/decisions/085, deploy/prometheus/alerts.yml).
new Gauge({
  name: "corvanta_database_up",
  help: "1 when the lead database answered this scrape's query within 2 s, else 0",
  async collect() {
    if (readings) this.set((await readings.databaseAnswers()) ? 1 : 0);
  },
});

/** One read of the outbox per scrape, shared by its gauges. */
let outboxReading: Promise<OutboxReading | undefined> | undefined;
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
  name: "corvanta_webhook_dead_letters",
  help: "Webhook deliveries given up after WEBHOOK_MAX_ATTEMPTS (shared; `leads webhooks dead` lists them)",
  async collect() {
    const reading = await outboxReading;
    if (reading) this.set(reading.deadWebhooks);
  },
});
new Gauge({
  name: "corvanta_spool_size",
  help: "Enquiries waiting in this instance's spool for the database (should be 0)",
  collect() {
    if (readings) this.set(readings.spooled());
  },
});
