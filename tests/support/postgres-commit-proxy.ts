import { createConnection, createServer, type Socket } from "node:net";
import path from "node:path";

/**
 * A TCP proxy in front of the PostgreSQL server of a postgres:// URL that
 * loses what happens at a transaction's end, as a network or a stalled server
 * does: armed, the next COMMIT either reaches the server and its reply never
 * comes back ("reply"), or never reaches the server at all ("commit"). The
 * client then gives up on its connection (postgres-pool.ts) and knows nothing.
 */
export type PostgresCommitProxy = {
  /** The URL to connect through. */
  url: string;
  /** Loses the next COMMIT's reply, or the COMMIT itself. */
  arm: (lose: "reply" | "commit") => void;
  /** How many COMMITs it has lost since it was started. */
  lost: () => number;
  close: () => Promise<void>;
};

/** The frontend's first message (startup or SSLRequest) has no type byte. */
const sslRequestCode = 80877103;

export async function startPostgresCommitProxy(databaseUrl: string): Promise<PostgresCommitProxy> {
  const target = new URL(databaseUrl);
  const socketDir = target.searchParams.get("host");
  const port = Number(target.port || 5432);
  const connectUpstream = () =>
    socketDir?.startsWith("/")
      ? createConnection(path.join(socketDir, `.s.PGSQL.${port}`))
      : createConnection(port, target.hostname || "localhost");

  let armed: "reply" | "commit" | undefined;
  let lost = 0;
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    const upstream = connectUpstream();
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    let startup = true;
    let replyLost = false;

    client.on("data", (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      // Forwards whole messages only, so a COMMIT can be held back or seen.
      for (;;) {
        const header = startup ? 4 : 5;
        if (pending.length < header) return;
        const length = pending.readInt32BE(startup ? 0 : 1) + (startup ? 0 : 1);
        if (pending.length < length) return;
        const message = pending.subarray(0, length);
        pending = pending.subarray(length);
        if (startup) {
          startup = message.length >= 8 && message.readInt32BE(4) === sslRequestCode;
        } else if (armed && message[0] === 0x51 /* Q */) {
          const text = message.subarray(5, message.length - 1).toString("utf8");
          if (/^\s*commit\b/i.test(text)) {
            const lose = armed;
            armed = undefined;
            lost += 1;
            if (lose === "commit") continue;
            replyLost = true;
          }
        }
        upstream.write(message);
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!replyLost) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxied = new URL(databaseUrl);
  proxied.searchParams.delete("host");
  proxied.hostname = "127.0.0.1";
  proxied.port = String((server.address() as { port: number }).port);
  return {
    url: proxied.toString(),
    arm: (lose) => (armed = lose),
    lost: () => lost,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
