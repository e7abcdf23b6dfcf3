import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { contentImages } from "./app/lib/images/content-images-plugin.ts";

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
 * Where the shell starts, by folder rather than by file name: the root, the
 * layout route, app/site/ (layout, navigation, meta) and the generic
 * components and config in app/components/ and app/config/, which nearly
 * every page uses (a separate chunk each, they cost more in gzip overhead than
 * they weigh). A new generic component joins the shell by living there.
 */
const shellRoots = ["app/root.tsx", "app/routes/site-layout.tsx"].map((file) => path.resolve(file));
const shellFolders = ["app/site/", "app/components/", "app/config/"].map(
  (folder) => path.resolve(folder) + path.sep,
);
/**
 * The parts of the site's forms (app/components/forms/, and the controls in
 * app/components/ui/ only forms use) are generic too, but only the pages with
 * a form use them: they load with those pages, not in the shell every page
 * downloads. So do the generic parts only a few listing pages use (the
 * portfolio's chips, the phone's scrolling rows): the bundler puts them with
 * the pages that import them.
 */
const formControls = ["app/components/ui/input.tsx", "app/components/ui/form-field.tsx"].map(
  (file) => path.resolve(file),
);
const outsideShell = [
  path.resolve("app/components/forms/") + path.sep,
  ...formControls,
  ...["app/components/ui/chip.tsx", "app/components/ui/scroll-row.tsx"].map((file) =>
    path.resolve(file),
  ),
];
const inShellFolder = (id: string) =>
  shellFolders.some((folder) => id.startsWith(folder)) &&
  !outsideShell.some((folder) => id.startsWith(folder));

function findShellModules(): Plugin {
  return {
    name: "corvanta:shell-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const queue = ids.filter((id) => shellRoots.includes(id) || inShellFolder(id));
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (shellModules.has(id)) continue;
        shellModules.add(id);
        const info = this.getModuleInfo(id);
        for (const imported of info?.importedIds ?? []) {
          // Radix is matched by name (shellPackages): its barrel imports far more
          // than the header uses. React and React Router keep their own chunks.
          if (imported.includes("node_modules")) {
            if (!/(@radix-ui|react|react-dom|react-router|scheduler)[\\/]/.test(imported))
              shellModules.add(imported);
          } else {
            queue.push(imported);
          }
        }
      }
    },
  };
}

const formsModules = [
  path.resolve("app/components/forms/") + path.sep,
  path.resolve("app/lib/forms/fields.ts"),
  ...formControls,
];
const inFormsChunk = (id: string) =>
  formsModules.some((prefix) => id.startsWith(prefix)) || id.includes("vite/preload-helper");
/**
 * React Router's build through Vite's Environment API (future.v8_viteEnvironmentApi)
 * sets the client's preserveEntrySignatures to "exports-only", which the shell
 * chunks cannot be built with (see below); this runs after it and puts
 * "allow-extension" back.
 */
function allowEntrySignatureExtension(): Plugin {
  return {
    name: "corvanta:entry-signatures",
    configEnvironment(name) {
      if (name !== "client") return;
      return { build: { rolldownOptions: { preserveEntrySignatures: "allow-extension" } } };
    },
  };
}

const shellPackages = /node_modules[\\/](@radix-ui[\\/]|clsx[\\/]|class-variance-authority[\\/])/;

/**
 * React, React DOM and the scheduler are CommonJS; the bundler wraps each in a
 * factory, `__commonJSMin(((exports) => { ... }))`, that runs when the module
 * is first required: on every page, as the client entry loads. V8 compiles an
 * arrow function lazily, so React DOM's 200 KB factory was parsed a second
 * time, in full, on the main thread, inside the task that evaluates the entry:
 * about 10 of that task's 30 to 35 ms of CPU on this machine (40 ms on
 * Lighthouse's slowed phone). A function expression in parentheses is one V8
 * compiles eagerly, with the rest of the file, off the main thread as the
 * file streams in (docs/decisions/080). Nothing else changes: the factories
 * use neither `this` nor `arguments`, and the minifier keeps the form.
 */
export function eagerCommonJsFactories(): Plugin {
  const arrowFactory = /__commonJSMin\(\(\((\w+(?:, \w+)*)\) => \{/g;
  return {
    name: "corvanta:eager-commonjs-factories",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    renderChunk(code) {
      const eager = code.replace(arrowFactory, "__commonJSMin((function($1) {");
      return eager === code ? null : { code: eager, map: null };
    },
  };
}

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

/*
 * One instant per build for the content's publishAt (app/lib/content/publication.ts):
 * deploy/publish names it; otherwise the build's start. Vite compiles VITE_
 * variables into the bundle, so a server started later shows what the
 * prerendered pages show.
 */
process.env.VITE_CONTENT_AS_OF ||= new Date().toISOString();

export default defineConfig(({ isPreview }) => ({
  // The one import alias: "~/x" is app/x, in every tool (tsconfig.json "paths").
  resolve: { alias: { "~": path.resolve("app") } },
  plugins: [
    eagerCommonJsFactories(),
    tailwindcss(),
    reactRouter(),
    findShellModules(),
    allowEntrySignatureExtension(),
    contentErrorsEndTheBuild(),
    contentImages(),
  ],
  optimizeDeps: {
    // Dev only (npm run dev): the packages the browser's modules import,
    // pre-bundled when the server starts. Found on first use instead, each one
    // made Vite reload the page (one of them, zod/mini, while a visitor was
    // filling in the contact form). A package missing here costs one reload,
    // and a reload sent before the page's HMR client connects never arrives:
    // on a fresh clone under load the page was left unhydrated (CI, stop 18).
    // tests/e2e/dev-server.spec.ts starts the dev server with a cold
    // optimizer and fails on such a reload.
    include: [
      "class-variance-authority",
      "clsx",
      "@radix-ui/react-slot",
      "ical-generator",
      "temporal-polyfill",
      "yaml",
      "zod",
      "zod/mini",
      // The editing UI's, loaded by /keystatic only (docs/decisions/081).
      "@keystatic/core",
      "@keystatic/core/ui",
      // Its own fields' parts (app/features/editing/pick-fields.tsx, decision 091).
      "@keystar/ui/layout",
      "@keystar/ui/picker",
      "@keystar/ui/text-field",
      "@keystar/ui/typography",
    ],
  },
  server: {
    // The prerender (React Router's build) serves the pages through Vite's
    // preview server, and React Router's plugin starts a child dev server
    // there that takes this option: with Vite's default it watched the whole
    // project, build/client included, and re-read a folder of every written
    // file's siblings each time, so the prerender grew with the square of the
    // pages (docs/decisions/071). Nothing is ever edited during a preview.
    watch: isPreview ? null : undefined,
  },
  ssr: {
    // Bundled into the server build rather than imported from node_modules
    // (issue 11: the whole "radix-ui" package cost about 10 MB resident); the
    // app now imports only Radix's Slot, from its own package (issue 43).
    noExternal: [/^@radix-ui\//],
  },
  build: {
    rolldownOptions: {
      // Rolldown warns when plugins take most of a build; here that is React
      // Router prerendering every page in writeBundle, which is the point.
      checks: { bundlerTimings: false },
    },
  },
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
                  debugName: "shell",
                  name: (id: string) =>
                    shellPackages.test(id)
                      ? "shell-packages"
                      : shellModules.has(id)
                        ? "shell"
                        : null,
                  test: (id: string) => shellModules.has(id) || shellPackages.test(id),
                  includeDependenciesRecursively: false,
                },
                {
                  // The forms' shared parts and the helper behind their lazy
                  // schema imports, for the pages with a form: one chunk, not
                  // three small ones that gzip worse.
                  name: "forms",
                  test: (id: string) => inFormsChunk(id),
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
}));
