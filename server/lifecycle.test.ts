import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./lifecycle";

let running: RunningServer | undefined;
afterEach(async () => {
  running?.server.closeAllConnections();
  running?.server.close();
  running = undefined;
});

describe("startServer", () => {
  it("finishes a request that is in flight when shutdown starts, then refuses new ones", async () => {
    let finishRequest!: () => void;
    const requestArrived = new Promise<void>((arrived) => {
      running = startServer(
        (_req, res) => {
          arrived();
          finishRequest = () => res.end("finished");
        },
        { port: 0, host: "127.0.0.1" },
      );
    });
    const { port } = (await running!.listening) as AddressInfo;
    const url = `http://127.0.0.1:${port}/`;

    const inFlight = fetch(url).then((response) => response.text());
    await requestArrived;

    const stopped = running!.shutdown();
    await expect(fetch(url)).rejects.toThrow();
    finishRequest();

    expect(await inFlight).toBe("finished");
    await expect(stopped).resolves.toBeUndefined();
  });

  it("gives up on requests that outlast the grace period", async () => {
    const requestArrived = new Promise<void>((arrived) => {
      running = startServer(() => arrived(), { port: 0, host: "127.0.0.1", graceMs: 50 });
    });
    const { port } = await running!.listening;
    fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
    await requestArrived;
    await expect(running!.shutdown()).rejects.toThrow(/did not finish/);
  });
});
