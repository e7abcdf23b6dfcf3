import express from "express";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { writeRateLimit } from "./limits";
import { acceptsPost } from "../forms/form-paths";

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("writeRateLimit", () => {
  it("counts non-GET requests per address in a window, and starts again after it", async () => {
    let now = 0;
    const app = express();
    app.use(writeRateLimit({ max: 2, windowMs: 60_000, now: () => now, clientAddress: () => "a" }));
    app.all("/{*path}", (_req, res) => void res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    close = () => server.close();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/contact`;

    const post = async () => (await fetch(url, { method: "POST" })).status;
    expect([await post(), await post(), await post()]).toEqual([200, 200, 429]);
    expect((await fetch(url)).status).toBe(200);
    now = 60_000;
    expect(await post()).toBe(200);
  });
});

describe("writeRateLimit for IPv6 clients", () => {
  async function serve(limit: ReturnType<typeof writeRateLimit>) {
    const app = express();
    app.use(limit);
    app.all("/{*path}", (_req, res) => void res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    close = () => server.close();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/contact`;
    return (address: string) =>
      fetch(url, { method: "POST", headers: { "X-Test-Address": address } }).then(
        (response) => response.status,
      );
  }

  it("counts a /64 as one client, however many of its addresses it uses", async () => {
    const limit = writeRateLimit({
      max: 3,
      windowMs: 60_000,
      now: () => 0,
      clientAddress: (req) => req.get("x-test-address") ?? "",
    });
    const post = await serve(limit);
    const rotating = [
      "2001:db8:1:2::1",
      "2001:db8:1:2::2",
      "2001:db8:1:2:ffff::9",
      "2001:0db8:0001:0002:abcd::1",
    ];
    const statuses: number[] = [];
    for (const address of rotating) statuses.push(await post(address));
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another /64, and IPv4 (also written as IPv4-mapped IPv6), count on their own.
    expect(await post("2001:db8:1:3::1")).toBe(200);
    expect(await post("203.0.113.7")).toBe(200);
    expect(await post("::ffff:203.0.113.7")).toBe(200);
    expect(limit.clients()).toBe(3);
  });

  it("remembers at most maxClients clients, however many a flood makes up", async () => {
    const limit = writeRateLimit({
      max: 1,
      windowMs: 60_000,
      now: () => 0,
      clientAddress: (req) => req.get("x-test-address") ?? "",
      maxClients: 20,
    });
    const post = await serve(limit);
    for (let n = 0; n < 100; n++) expect(await post(`2001:db8:${n.toString(16)}::1`)).toBe(200);
    expect(limit.clients()).toBe(20);
    // The newest clients are still counted.
    expect(await post("2001:db8:63::2")).toBe(429);
  });
});

describe("acceptsPost", () => {
  it("is the contact page and its data URL", () => {
    expect(acceptsPost("/contact")).toBe(true);
    expect(acceptsPost("/contact/")).toBe(true);
    expect(acceptsPost("/contact.data")).toBe(true);
    expect(acceptsPost("/contacts")).toBe(false);
    expect(acceptsPost("/")).toBe(false);
  });

  it("is an event's page (its registration) and its cancellation, with their data URLs", () => {
    for (const path of [
      "/events/threat-modelling-workshop",
      "/events/threat-modelling-workshop.data",
      "/events/threat-modelling-workshop/cancel",
      "/events/threat-modelling-workshop/cancel.data",
    ]) {
      expect(acceptsPost(path), path).toBe(true);
    }
    for (const path of [
      "/events",
      "/events/",
      "/events.data",
      "/events/threat-modelling-workshop.ics",
      "/events/threat-modelling-workshop/other",
      "/events/Threat_Modelling",
      "/events/a/b/cancel",
    ]) {
      expect(acceptsPost(path), path).toBe(false);
    }
  });
});
