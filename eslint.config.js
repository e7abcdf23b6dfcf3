import { readdirSync } from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * The rooms of app/ and what each may import (docs/decisions/009-feature-rooms.md).
 * A wrong import fails lint with the rule's message.
 */
// Every folder of app/features/ is a room: a new feature is checked from its first file.
const features = readdirSync("app/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noLoadContext = (from) => ({
  group: ["~/load-context"],
  message: `${from} is generic: it never reads the server's per-request context (app/load-context.ts). Routes read it and pass values in.`,
});
const serverOnly = {
  regex: "^(\\.\\./)+server(/|$)",
  message:
    "app/ never imports server/: the server hands the app what it needs through the load context (app/load-context.ts).",
};
const noRooms = (from) => ({
  group: ["~/features/*", "~/site/*", "~/routes/*"],
  message: `${from} is generic: it never imports a feature, the site's layout or a route. Pass data in as props instead, or move the file into the feature that needs it.`,
});
const restrict = (files, ...patterns) => ({
  files,
  ignores: ["app/**/*.test.{ts,tsx}"],
  rules: { "no-restricted-imports": ["error", { patterns: [serverOnly, ...patterns] }] },
});
const roomRules = [
  restrict(["app/**/*.{ts,tsx}"]),
  restrict(["app/config/**/*.ts"], {
    group: ["~/*", "!~/config"],
    message:
      "app/config/ holds the spec's tables and constants: it imports nothing but app/config/ (no content, components or features).",
  }),
  restrict(["app/lib/**/*.{ts,tsx}"], noRooms("app/lib/"), noLoadContext("app/lib/")),
  restrict(
    ["app/components/**/*.{ts,tsx}"],
    noRooms("app/components/"),
    noLoadContext("app/components/"),
  ),
  restrict(["app/site/**/*.{ts,tsx}"], {
    group: ["~/features/*/*", "!~/features/*/*.server", "~/routes/*"],
    message:
      "app/site/ composes features only through their *.server modules (content loaders, build-time art): the layout never depends on a feature.",
  }),
  ...features.flatMap((feature) => {
    const sibling = {
      group: [
        "~/features/*/*",
        `!~/features/${feature}/*`,
        "!~/features/*/*.server",
        "~/routes/*",
        "~/site/*",
        "~/site/**",
      ],
      message: `A feature never reaches into a sibling's internals or the site's frame: app/features/${feature}/ may use another feature's *.server content loader, or the shared app/components/, app/lib/ and app/config/ (app/site/ composes features, never the other way round).`,
    };
    return [
      restrict([`app/features/${feature}/**/*.{ts,tsx}`], sibling),
      // Content loaders validate files; they never draw anything.
      restrict([`app/features/${feature}/*.server.ts`], sibling, {
        group: [
          "~/components/*/*",
          "!~/components/ui/*-names",
          "*-grid",
          "*-card",
          "*-list",
          "*-section",
        ],
        message:
          "Content loaders never import components: keep the types they share in the feature's *-view.ts file.",
      }),
    ];
  }),
  restrict(
    ["app/lib/content/**/*.ts"],
    noRooms("app/lib/content/"),
    noLoadContext("app/lib/content/"),
    {
      group: ["~/components/*/*", "!~/components/ui/*-names"],
      message: "Content loaders never import components.",
    },
  ),
];

/*
 * The rooms of server/ and scripts/ and what each may import
 * (docs/decisions/070-server-rooms.md). Rooms are layered: a room imports only
 * the rooms below it, so no two rooms import each other. The entry files at
 * the top of server/ (main, dev, serve, services, env) compose the rooms.
 */
const serverRooms = {
  core: [],
  db: ["core"],
  forms: ["core", "db"],
  outbox: ["core", "db"],
  leads: ["core", "db", "forms", "outbox"],
  registrations: ["core", "db", "forms", "outbox"],
  http: ["core", "forms", "leads", "registrations"],
};
// The app's public modules: the spec's config, the load context's types, the
// forms' shared schemas, and a feature's schemas, field names, view types,
// content loaders and calendar file; zod's messages in plain words; the content
// reader and its fields (`npm run check:content`, `npm run docs:content`); the build cache, which the build script
// and the social card route share (docs/decisions/071); the content images, which check:content makes first
// (docs/decisions/093). Never a component,
// route or layout.
const appPublic = {
  regex:
    "^~/(?!config/|load-context$|lib/forms/|lib/zoned-time$|lib/plain-messages$|lib/content/|lib/route-handle$|lib/calendar-date$|features/[a-z-]+/[a-z-]+-(schema|fields|view|calendar)$|features/[a-z-]+/[a-z-]+\\.server$|site/pages\\.server$|lib/scripts-after-first-paint\\.server$|lib/build-cache\\.server$|lib/images/content-images\\.server$)",
  message:
    "server/ and scripts/ reach app/ only through its public modules: app/config/, app/load-context.ts, app/lib/route-handle.ts, app/lib/forms/, and a feature's *-schema, *-fields, *-view or *.server module (docs/decisions/070).",
};
const serverRoomRules = [
  ...Object.entries(serverRooms).map(([room, below]) => ({
    files: [`server/${room}/**/*.ts`],
    ignores: ["server/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            appPublic,
            {
              regex: below.length ? `^\\.\\./(?!(${below.join("|")})/)` : "^\\.\\./",
              message: `server/${room}/ may import only ${below.length ? below.map((name) => `server/${name}/`).join(", ") : "itself"}: rooms are layered so that none imports a room that imports it back. Pass what it needs in from server/services.ts or server/serve.ts instead (docs/decisions/070).`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["server/*.ts", "scripts/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [appPublic] }] },
  },
  {
    // The leads command's shared parts sit below the commands that use them.
    files: ["scripts/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            appPublic,
            {
              regex: "^\\.\\./[^.]",
              message:
                "scripts/lib/ is shared by the commands: it never imports a command or a script (docs/decisions/070).",
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "screenshots/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // Tools' configuration files in CommonJS (.dependency-cruiser.cjs).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
  {
    // Playwright fixtures take a `use` callback that the hooks rule mistakes for React's `use`,
    // and declare fixtures with no dependencies as `async ({}, use) => ...`.
    files: ["tests/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    // Tests index arrays they have just asserted on; a failed lookup fails the test anyway.
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  ...roomRules,
  ...serverRoomRules,
);
