import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * The modules every page loads, for the "shell" chunk: the app's own modules
 * reachable from the root and the marketing layout, and the files they import
 * from packages (the font's URL, clsx). Found in the browser build's module graph once it
 * is complete, and read when chunks are made, which comes later. The shell
 * must hold everything it imports (React and React Router aside): a shell that
 * imported from another chunk which imports the shell back would run before
 * its own imports were ready.
 */
const shellModules = new Set<string>();

/**
 * Where the shell starts: the root and the layout, and the small section
 * frames and primitives that nearly every page uses (a separate chunk each,
 * they cost more in gzip overhead than they weigh).
 */
const shellEntries = [
  "app/root.tsx",
  "app/routes/site-layout.tsx",
  "app/components/sections/section.tsx",
  "app/components/sections/call-to-action.tsx",
  "app/components/sections/page-hero.tsx",
  "app/components/ui/badge.tsx",
  "app/components/ui/initials-avatar.tsx",
  "app/components/ui/card.tsx",
  "app/components/ui/arrow-link.tsx",
  "app/config/art.ts",
  "app/config/pages.ts",
].map((file) => path.normalize(file));

function findShellModules(): Plugin {
  return {
    name: "corvanta:shell-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const queue = ids.filter((id) => shellEntries.some((entry) => id.endsWith(entry)));
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (shellModules.has(id)) continue;
        shellModules.add(id);
        const info = this.getModuleInfo(id);
        for (const imported of info?.importedIds ?? []) {
          // Radix is matched by name (shellPackages): its barrel imports far more
          // than the header uses. React and React Router keep their own chunks.
          if (imported.includes("node_modules")) {
            if (!/(radix-ui|@radix-ui|react|react-dom|react-router|scheduler)[\\/]/.test(imported))
              shellModules.add(imported);
          } else {
            queue.push(imported);
          }
        }
      }
    },
  };
}

const shellPackages =
  /node_modules[\\/](@radix-ui[\\/]|radix-ui[\\/]|clsx[\\/]|class-variance-authority[\\/])/;

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), findShellModules(), contentErrorsEndTheBuild()],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // Byte budgets, issue 6 (docs/decisions/060). The layout, the header's
          // menus and the UI primitives every page loads go into two "shell"
          // chunks instead of a dozen small ones, which gzip worse. React and
          // React Router keep their own chunks (entry.client, jsx-runtime).
          output: {
            codeSplitting: {
              groups: [
                {
                  // Two chunks, each under the 20 KB chunk budget: the packages
                  // (Radix, clsx, cva), then the app's own part,
                  // which imports them (never the other way round).
                  name: (id: string) =>
                    shellPackages.test(id)
                      ? "shell-packages"
                      : shellModules.has(id)
                        ? "shell"
                        : null,
                  test: (id: string) => shellModules.has(id) || shellPackages.test(id),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
          // Route chunks may export more than their route module (the shell's
          // parts they share); React Router reads only the route's exports.
          preserveEntrySignatures: "allow-extension",
          // Radix's packages wrap every class and function in __name(...) to
          // keep names for debugging; marked pure, the unused ones (like the
          // OrderedDict behind Radix Collection) are left out: 3.5 KB gzip.
          treeshake: { manualPureFunctions: ["__name"] },
        },
      },
    },
  },
  define: {
    // The year the HTML was rendered in, for the footer's copyright line; see
    // app/lib/use-current-year.ts.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    // The public origin for canonical URLs, social cards, sitemap and feeds;
    // see app/config/site-url.ts.
    __SITE_URL__: JSON.stringify(process.env.SITE_URL ?? ""),
  },
});
