import { createServer, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type RunningServer = {
  server: Server;
  /** Resolves with the bound address once the server listens. */
  listening: Promise<AddressInfo>;
  /**
   * Keeps accepting for `drainMs` (answering each request with Connection:
   * close), then stops accepting, lets in-flight requests finish, and
   * resolves when the last one has; rejects if all this outlasts `graceMs`.
   */
  shutdown: () => Promise<void>;
};

export type ServerOptions = {
  port: number;
  host?: string;
  /** How long in-flight requests may take to finish once shutdown begins, the drain included. */
  graceMs?: number;
  /**
   * How long the server keeps accepting once shutdown begins. A request a
   * client sent just before the signal may still sit in the kernel: in the
   * listen backlog, or unread on an idle keep-alive connection. Closing the
   * listener or those connections at once would reset it unanswered.
   */
  drainMs?: number;
  /** A client that has not sent all its headers by then is answered 408 and dropped. */
  headersTimeoutMs?: number;
  /** A client that has not sent its whole request (headers and body) by then is dropped. */
  requestTimeoutMs?: number;
};

/** Starts an HTTP server for `handler` with a graceful shutdown. */
export function startServer(
  handler: RequestListener,
  {
    port,
    host,
    graceMs = 10_000,
    drainMs = 1_000,
    headersTimeoutMs = 10_000,
    requestTimeoutMs = 30_000,
  }: ServerOptions,
): RunningServer {
  // Responses still being written when shutdown begins close their
  // connection when done, so no client sends another request on it.
  const inFlight = new Set<ServerResponse>();
  let closingDown = false;
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs),
      // Node checks both timeouts on this interval (30 s by default), so a
      // slow client would otherwise outlive its timeout by up to that long.
      connectionsCheckingInterval: Math.min(1_000, headersTimeoutMs),
    },
    (req, res) => {
      if (closingDown) res.shouldKeepAlive = false;
      inFlight.add(res);
      res.once("close", () => inFlight.delete(res));
      handler(req, res);
    },
  );
  const listening = new Promise<AddressInfo>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server.address() as AddressInfo));
  });

  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= new Promise<void>((resolve, reject) => {
      closingDown = true;
      for (const res of inFlight) res.shouldKeepAlive = false;
      const timer = setTimeout(() => {
        clearTimeout(drain);
        server.close();
        server.closeAllConnections();
        reject(new Error(`in-flight requests did not finish within ${graceMs} ms`));
      }, graceMs);
      timer.unref();
      // First the drain: every request that arrives now, on a new connection
      // or an idle one, is answered and its connection closed after it. Then
      // close() stops accepting, closes the connections that are still idle
      // (Node 19+: a connection whose request has begun to arrive is not
      // idle) and waits for the requests in flight.
      const drain = setTimeout(
        () => {
          server.close((error) => {
            clearTimeout(timer);
            if (error) reject(error);
            else resolve();
          });
          server.closeIdleConnections();
        },
        Math.min(drainMs, graceMs),
      );
    });
    return closing;
  };

  return { server, listening, shutdown };
}
