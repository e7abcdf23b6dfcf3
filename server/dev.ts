import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";

/*
 * `npm run dev`: the production server (serve.ts) with Vite in place of the build, in middleware
 * mode inside the Express app: it serves the app's modules, the HMR client and public/, shares the
 * HTTP server for its HMR websocket, and compiles React Router's server build for every request, so
 * an edit shows without a restart. All else is what production runs. See docs/decisions/008.
 */

// React and React Router pick their development or production build when first imported, so
// NODE_ENV is set before anything imports them. (Empty counts as unset, as in env.ts.)
process.env.NODE_ENV ||= "development";
// A developer sees errors; LOG_LEVEL=info npm run dev shows what production logs.
process.env.LOG_LEVEL ||= "error";
// Loopback only, unless HOST names another interface: the dev server saves
// files under content/ for anyone who reaches /api/keystatic, and Vite serves
// the project's files. On every interface, any machine on the network could
// (issue 41, defect 1). HOST=0.0.0.0 npm run dev opens it on purpose, and even
// then the editing API answers 403 to any address but loopback.
process.env.HOST ||= "127.0.0.1";

const [{ createServerLog }, { devRefusal }, { readEnvOrExit, serveSite, urlOf }, vite] =
  await Promise.all([
    import("./core/log"),
    import("./http/dev-guard"),
    import("./serve"),
    import("vite"),
  ]);

const env = readEnvOrExit();
const log = createServerLog({ level: env.LOG_LEVEL });

// Requests that arrive before Vite is ready wait for it.
let viteStarted!: (server: ViteDevServer) => void;
const viteServer = new Promise<ViteDevServer>((resolve) => (viteStarted = resolve));

const { server, listening } = await serveSite({
  env,
  log,
  files: {
    viteMiddleware: (req, res, next) => {
      const refusal = devRefusal(req.path, req.socket.remoteAddress);
      if (refusal) return void res.status(403).type("text/plain").send(refusal);
      viteServer.then(
        (dev) => dev.middlewares(req as IncomingMessage, res as ServerResponse, next),
        next,
      );
    },
    build: () => viteServer.then(loadServerBuild),
  },
  beforeClose: () => viteServer.then((dev) => dev.close()),
});

try {
  viteStarted(
    await vite.createServer({
      appType: "custom",
      server: { middlewareMode: true, hmr: { server } },
      // `npm run dev -- --force`, as `vite --force`: pre-bundle the packages again.
      ...(process.argv.includes("--force") ? { optimizeDeps: { force: true } } : {}),
    }),
  );
} catch (error) {
  log.fatal({ err: error }, "Vite could not start");
  console.error(error);
  process.exit(1);
}

console.log(`  ➜  Local:   ${urlOf(env.HOST, (await listening).port)}/`);

/** React Router's server build as Vite compiles it now, with the latest edits. */
async function loadServerBuild(dev: ViteDevServer): Promise<ServerBuild> {
  const ssr = dev.environments.ssr;
  if (!ssr || !vite.isRunnableDevEnvironment(ssr)) {
    throw new Error("Vite's ssr environment cannot run modules in this process");
  }
  return (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
}
