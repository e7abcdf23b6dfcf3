import express from "express";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { acceptsPost, writeRateLimit } from "./limits";

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
