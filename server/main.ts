import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { readEnv } from "./env";

// Bundled to build/server/main.js, beside React Router's build/server/index.js.
const env = readEnv();
const build = (await import(new URL("./index.js", import.meta.url).href)) as ServerBuild;
const clientDir = fileURLToPath(new URL("../client", import.meta.url));

const app = createApp({ build, clientDir, mode: env.NODE_ENV });
const server = app.listen(env.PORT, env.HOST ?? "::", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  console.log(`Corvanta Digital site listening on http://localhost:${port}`);
});
server.on("error", (error) => {
  console.error("Server failed to start:", error.message);
  process.exit(1);
});

/** Stop taking connections, let in-flight requests finish, then exit (at most 10 s). */
function shutdown(signal: NodeJS.Signals) {
  console.log(`${signal} received: finishing in-flight requests`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    console.error("In-flight requests did not finish within 10 s; exiting");
    process.exit(1);
  }, 10_000).unref();
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
