import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

/**
 * The modules every page loads, for the "shell" chunk: the app's own modules
 * reachable from the root and the marketing layout, and the lucide icons and
 * other files they import. Found in the browser build's module graph once it
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
      // lucide-react's barrel re-exports every icon: map each exported name to
      // its icon's file, so only the icons the shell names are taken.
      const iconFiles = new Map<string, string>();
      const barrel = ids.find((id) =>
        /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id),
      );
      if (barrel) {
        const code = readFileSync(barrel, "utf8");
        for (const [, names = "", file = ""] of code.matchAll(
          /export \{([^}]*)\} from '\.\/icons\/([^']+)'/g,
        )) {
          for (const name of names.split(",")) {
            const exported = name
              .trim()
              .split(/\s+as\s+/)
              .pop();
            if (exported) iconFiles.set(exported, path.join(path.dirname(barrel), "icons", file));
          }
        }
      }
      const queue = ids.filter((id) => shellEntries.some((entry) => id.endsWith(entry)));
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (shellModules.has(id)) continue;
        shellModules.add(id);
        const info = this.getModuleInfo(id);
        for (const [, names = ""] of (info?.code ?? "").matchAll(
          /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g,
        )) {
          for (const name of names.split(",")) {
            const imported = name.trim().split(/\s+as\s+/)[0];
            const file = imported && iconFiles.get(imported);
            if (file) shellModules.add(file);
          }
        }
        for (const imported of info?.importedIds ?? []) {
          // Packages are matched by name (shellPackages); barrels are skipped.
          if (imported.includes("node_modules")) {
            if (
              !/(lucide-react|radix-ui|@radix-ui|react|react-dom|react-router|scheduler)[\\/]/.test(
                imported,
              )
            )
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
  /node_modules[\\/](@radix-ui[\\/]|radix-ui[\\/]|clsx[\\/]|class-variance-authority[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]))/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), findShellModules()],
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
                  // (Radix, lucide's base, clsx, cva), then the app's own part,
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
