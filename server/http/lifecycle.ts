import { createServer, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type RunningServer = {
  server: Server;
  listening: Promise<AddressInfo>;
  /** Drains, then stops accepting and lets in-flight requests finish (rejects past `graceMs`). */
  shutdown: () => Promise<void>;
};

export type ServerOptions = {
  port: number;
  host?: string;
  /** How long in-flight requests may take to finish once the drain is over. */
  graceMs?: number;
  /**
   * How long it keeps accepting once shutdown begins (each answer with Connection: close): a
   * request sent just before the signal may sit in the listen backlog or unread on an idle
   * keep-alive connection, and closing at once would reset it unanswered. Behind a proxy with
   * active health checks it must outlast the check's interval plus its timeout: /readyz answers 503
   * from the start, and the proxy keeps sending until its next check (SHUTDOWN_DRAIN_MS).
   */
  drainMs?: number;
  /** A client that has not sent all its headers by then is answered 408 and dropped. */
  headersTimeoutMs?: number;
  /** A client that has not sent its whole request (headers and body) by then is dropped. */
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  /**
   * A client that takes nothing of its answer for this long, though some is waiting to go out, is
   * dropped (nginx's send_timeout): one that never reads would otherwise hold its connection and
   * buffers for ever. The time the server takes to prepare an answer does not count.
   */
  writeTimeoutMs?: number;
};

export function startServer(
  handler: RequestListener,
  {
    port,
    host,
    graceMs = 10_000,
    drainMs = 1_000,
    headersTimeoutMs = 10_000,
    requestTimeoutMs = 30_000,
    // Longer than clients (a proxy's upstream pool) keep one idle: closed by the server first, a
    // request sent on it at that moment is reset unanswered (ECONNRESET). Node's default is 5 s.
    keepAliveTimeoutMs = 75_000,
    writeTimeoutMs = 30_000,
  }: ServerOptions,
): RunningServer {
  // Responses in flight when shutdown begins close their connection when done.
  const inFlight = new Set<ServerResponse>();
  let closingDown = false;
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs),
      // Node checks both timeouts on this interval (30 s by default), so a
      // slow client would otherwise outlive its timeout by up to that long.
      connectionsCheckingInterval: Math.min(1_000, headersTimeoutMs),
      keepAliveTimeout: keepAliveTimeoutMs,
    },
    (req, res) => {
      if (closingDown) res.shouldKeepAlive = false;
      inFlight.add(res);
      res.once("close", () => inFlight.delete(res));
      handler(req, res);
    },
  );
  // Node's socket timeout: it fires after that long without reading or writing. With a listener
  // Node drops nothing itself, so this also ends idle keep-alive connections at their timeout.
  server.timeout = writeTimeoutMs;
  server.on("timeout", (socket: Socket) => {
    // Still preparing its answer, with nothing waiting to go out: the client is not at fault, and
    // the answer's first write starts the clock again.
    const preparing = [...inFlight].some((res) => res.socket === socket && !res.writableEnded);
    if (preparing && socket.writableLength === 0) return;
    socket.destroy();
  });
  const listening = new Promise<AddressInfo>((resolve, reject) =>
    server.once("error", reject).listen(port, host, () => resolve(server.address() as AddressInfo)),
  );

  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= new Promise<void>((resolve, reject) => {
      closingDown = true;
      for (const res of inFlight) res.shouldKeepAlive = false;
      const timer = setTimeout(() => {
        clearTimeout(drain);
        server.close();
        server.closeAllConnections();
        reject(new Error(`in-flight requests did not finish within ${graceMs} ms of the drain`));
      }, drainMs + graceMs).unref();
      // First the drain: each request arriving now is answered and its connection closed. Then
      // close() stops accepting, closes idle connections (one whose request has begun to arrive is
      // not idle) and waits for the requests in flight.
      const drain = setTimeout(() => {
        server.close((error) => {
          clearTimeout(timer);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      }, drainMs);
    });
    return closing;
  };

  return { server, listening, shutdown };
}
