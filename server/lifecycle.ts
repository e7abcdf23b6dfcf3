import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RequestListener } from "node:http";
import { createServer } from "node:http";

export type RunningServer = {
  server: Server;
  /** Resolves with the bound address once the server listens. */
  listening: Promise<AddressInfo>;
  /**
   * Stops accepting connections, lets in-flight requests finish, and resolves
   * when the last one has; rejects if they outlast `graceMs`.
   */
  shutdown: () => Promise<void>;
};

/** Starts an HTTP server for `handler` with a graceful shutdown. */
export function startServer(
  handler: RequestListener,
  { port, host, graceMs = 10_000 }: { port: number; host?: string; graceMs?: number },
): RunningServer {
  const server = createServer(handler);
  const listening = new Promise<AddressInfo>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server.address() as AddressInfo));
  });

  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        server.closeAllConnections();
        reject(new Error(`in-flight requests did not finish within ${graceMs} ms`));
      }, graceMs);
      timer.unref();
      // close() stops accepting and waits for open requests; idle keep-alive
      // connections would hold it open, so they are closed now.
      server.close((error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  };

  return { server, listening, shutdown };
}
