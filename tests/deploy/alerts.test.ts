import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";

/*
 * Issue 41, item 2: the Prometheus configuration and alert rules the docs
 * ship (deploy/prometheus/) are valid, and each alert fires on its own series
 * and stays quiet when all is well (tests/deploy/prometheus-alerts.test.yml),
 * with Debian's promtool (package prometheus). The database outage check in
 * deploy.test.ts tests the database alert again on series scraped from the
 * real instances.
 */

function promtool(...args: string[]) {
  const result = spawnSync("promtool", args, { encoding: "utf8" });
  if (result.error)
    throw new Error(`promtool: ${result.error.message} (apt-get install prometheus)`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("Prometheus's configuration and alert rules", () => {
  it("promtool accepts the scrape configuration and the rules it loads", () => {
    const { status, output } = promtool("check", "config", "deploy/prometheus/prometheus.yml");
    assert.equal(status, 0, output);
    assert.match(output, /SUCCESS: \d+ rules found/);
  });

  it("every alert fires on its series and none fires when all is well (promtool test rules)", () => {
    const { status, output } = promtool("test", "rules", "tests/deploy/prometheus-alerts.test.yml");
    assert.equal(status, 0, output);
  });
});
