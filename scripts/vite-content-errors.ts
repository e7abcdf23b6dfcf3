import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

/**
 * A content file that fails validation stops `npm run build` with the
 * loader's own message (file, line and field) and nothing after it.
 *
 * The prerender, in React Router's writeBundle hook, imports the server
 * build, and importing it validates every collection. A ContentError thrown
 * there reaches the terminal wrapped by the bundler (rolldown): the message,
 * a JavaScript stack, and `errors: [Getter/Setter] }` from the wrapper that
 * the React Router command prints whole. So this hook imports the server
 * build just before, in the same process (React Router's own import then
 * finds the module evaluated), and on a ContentError prints the message and
 * ends the build with exit code 1. Any other error is left to the bundler.
 */
export function contentErrorsEndTheBuild(): Plugin {
  return {
    name: "corvanta:content-errors",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    writeBundle: {
      order: "pre",
      async handler(options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk" || !output.isEntry) continue;
          const file = path.resolve(
            options.dir ?? path.dirname(options.file ?? ""),
            output.fileName,
          );
          try {
            await import(pathToFileURL(file).href);
          } catch (error) {
            if (!(error instanceof Error) || error.name !== "ContentError") throw error;
            process.stderr.write(
              `\nThe build stopped: a content file is invalid.\n\n${error.message}\n\n`,
            );
            process.exit(1);
          }
        }
      },
    },
  };
}
