import { request as httpRequest, Agent } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startServer, type RunningServer } from "./lifecycle";

let running: RunningServer | undefined;
afterEach(async () => {
  running?.server.closeAllConnections();
  running?.server.close();
  running = undefined;
});

/** Writes a raw request and resolves with the whole answer once the server closes the connection. */
function rawAnswer(socket: ReturnType<typeof connect>): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
  });
}

describe("startServer", () => {
  it("finishes a request that is in flight when shutdown starts, then refuses new ones", async () => {
    let finishRequest!: () => void;
    const requestArrived = new Promise<void>((arrived) => {
      running = startServer(
        (_req, res) => {
          arrived();
          finishRequest = () => res.end("finished");
        },
        { port: 0, host: "127.0.0.1", drainMs: 50 },
      );
    });
    const { port } = await running!.listening;
    const url = `http://127.0.0.1:${port}/`;

    const inFlight = fetch(url).then((response) => response.text());
    await requestArrived;

    const stopped = running!.shutdown();
    // Once the drain is over, no new connection is accepted.
    await vi.waitFor(() => expect(running!.server.listening).toBe(false));
    await expect(fetch(url)).rejects.toThrow();
    finishRequest();

    expect(await inFlight).toBe("finished");
    await expect(stopped).resolves.toBeUndefined();
  });

  it("answers a request already sent on an idle keep-alive connection when shutdown starts", async () => {
    running = startServer((_req, res) => res.end("answered"), { port: 0, host: "127.0.0.1" });
    const { port } = await running.listening;
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const request = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    // A first request leaves the connection open and idle.
    socket.write(request);
    await new Promise((resolve) => socket.once("data", resolve));

    const answer = rawAnswer(socket);
    // The second request is in the socket before the server has read it, as
    // when it was sent a moment before the signal.
    socket.write(request);
    const stopped = running.shutdown();
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toContain("Connection: close");
    expect(text).toMatch(/answered$/);
    await expect(stopped).resolves.toBeUndefined();
  });

  it("answers a connection still waiting to be accepted when shutdown starts", async () => {
    running = startServer((_req, res) => res.end("answered"), { port: 0, host: "127.0.0.1" });
    const { port } = await running.listening;
    // Connected and written in this turn of the event loop: the server has not accepted it yet.
    const sockets = Array.from({ length: 4 }, () => {
      const socket = connect(port, "127.0.0.1");
      socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi");
      return rawAnswer(socket);
    });
    const stopped = running.shutdown();
    for (const text of await Promise.all(sockets)) {
      expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(text).toContain("Connection: close");
    }
    await expect(stopped).resolves.toBeUndefined();
  });

  it("closes idle keep-alive connections once the drain is over", async () => {
    running = startServer((_req, res) => res.end("ok"), {
      port: 0,
      host: "127.0.0.1",
      drainMs: 50,
    });
    const { port } = await running.listening;
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      httpRequest({ port, host: "127.0.0.1", agent }, (res) => {
        res.resume();
        res.on("end", resolve);
      })
        .on("error", reject)
        .end(),
    );
    // The idle connection does not hold shutdown open.
    await expect(running.shutdown()).resolves.toBeUndefined();
    agent.destroy();
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

  // Issue 41, defect 11: 200 clients that never read their answers were all still connected after
  // 90 s, holding 32 MB.
  it("cuts a client that does not read its answer, once nothing has gone out for the write timeout", async () => {
    const body = Buffer.alloc(32 * 1024 * 1024, "x");
    running = startServer((_req, res) => res.end(body), {
      port: 0,
      host: "127.0.0.1",
      writeTimeoutMs: 300,
    });
    const { port } = await running.listening;
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => undefined);
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    // It reads the first bytes, then nothing more.
    await new Promise((resolve) => socket.once("data", resolve));
    socket.pause();
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        running!.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    // The server's end of it is gone (the paused client would see it only once it read on).
    await vi.waitFor(async () => expect(await connections()).toBe(0), { timeout: 10_000 });
    socket.destroy();
  });

  it("keeps a client whose answer takes longer than the write timeout to prepare", async () => {
    running = startServer((_req, res) => void setTimeout(() => res.end("prepared slowly"), 800), {
      port: 0,
      host: "127.0.0.1",
      writeTimeoutMs: 200,
    });
    const { port } = await running.listening;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe("prepared slowly");
  });
});
