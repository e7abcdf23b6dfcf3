import express from "express";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { recordingServerLog } from "../../tests/support/manual-clock";
import { accessLog, leadLogger, loggedPath } from "./log";

let close: (() => void) | undefined;
afterEach(() => close?.());

async function serve(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the access log", () => {
  it("writes one JSON line per request: method, path without query, status, duration", async () => {
    const { log, lines } = recordingServerLog();
    const app = express();
    app.use(accessLog(log));
    app.get("/about", (_req, res) => void res.send("ok"));
    const url = await serve(app);

    await fetch(`${url}/about?email=ana%40example.com`);
    await expect.poll(() => lines.length).toBe(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ method: "GET", path: "/about", status: 200, msg: "request" });
    expect(typeof line.durationMs).toBe("number");
    expect(lines[0]).not.toContain("ana");
  });

  it("keeps CR and LF inside the JSON string, so input cannot forge a line", async () => {
    const { log, lines } = recordingServerLog();
    leadLogger(log).warn('rejected\r\n{"level":"fatal","msg":"forged"}');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.trimEnd().split("\n")).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "warn",
      msg: 'rejected\r\n{"level":"fatal","msg":"forged"}',
    });
  });

  it("cuts very long paths", () => {
    expect(loggedPath(`/${"a".repeat(1000)}?q=1`)).toHaveLength(301);
  });
});
