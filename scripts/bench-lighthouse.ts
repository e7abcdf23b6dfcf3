import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags } from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { assertChromiumInstalled, chromiumArgs, chromiumPath } from "../tests/browser";
import { ensureBuild, startProductionServer } from "./production-server";
import { astrowindRoot, startStaticFileServer } from "./static-file-server";

/**
 * Lighthouse 12 against the production build in Debian's Chromium: every page
 * type, mobile and desktop, several runs each; prints the median of each
 * figure as a Markdown table. Usage:
 *   npm run bench:lighthouse -- [--runs 3] [--form mobile|desktop|both] [--only seo] [--pages /,/about] [--save DIR] [--cpu-slowdown 4]
 * --save writes each run's full report (JSON) into DIR, to read its long tasks and script timings.
 * --cpu-slowdown sets the mobile run's simulated CPU slowdown (Lighthouse's
 * default: 4). The slowdown multiplies the host's own speed: 4 times the
 * ratio of two hosts' benchmarkIndex shows on the faster one what the slower
 * one measures at 4 (docs/benchmarks.md, issue 26).
 * The AstroWind build (../shared/anchors/astrowind, the speed reference) is
 * served beside it by a static file server that compresses and caches as a
 * static host does, and its home and one post are measured in the same run;
 * each page's FCP and LCP are also printed as a ratio to AstroWind's home in
 * that run (the machine's load moves absolute figures, the ratio much less).
 * Figures are for reading, not for asserting: see docs/benchmarks.md.
 */
const lighthouseVersion = (
  createRequire(import.meta.url)("lighthouse/package.json") as { version: string }
).version;

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    form: { type: "string", default: "both" },
    only: { type: "string" },
    port: { type: "string", default: "3300" },
    "reference-port": { type: "string", default: "3302" },
    // Comma-separated paths of ours to measure (default: every page type).
    pages: { type: "string" },
    save: { type: "string" },
    "cpu-slowdown": { type: "string" },
  },
});
const cpuSlowdown = values["cpu-slowdown"] ? Number(values["cpu-slowdown"]) : undefined;
const runs = Number(values.runs);
const forms = values.form === "both" ? ["mobile", "desktop"] : [values.form ?? "mobile"];
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const referencePort = Number(values["reference-port"]);
const referenceBase = `http://127.0.0.1:${referencePort}`;

/** AstroWind's pages measured beside ours; the first is the one ratios are taken to. */
const referencePages: [string, string][] = [
  ["AstroWind home", "/"],
  ["AstroWind post", "/get-started-website-with-astro-tailwind-css"],
];

/**
 * One page of each type the site has. The not-found page is left out: it is
 * noindex by design, which Lighthouse's SEO category scores as a failure.
 */
const pageTypes: [string, string][] = [
  ["Home", "/"],
  ["About", "/about"],
  ["Service", "/services/cyber-security"],
  ["Portfolio", "/portfolio"],
  ["Blog", "/blog"],
  ["Contact", "/contact"],
  ["Events", "/events"],
];

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const onlyCategories = values.only ? values.only.split(",") : [...categories];

assertChromiumInstalled();
ensureBuild();

// Extra page types found in the build: the first blog post, case study and event page.
const sitemap = await startServer().then(async (stop) => {
  try {
    return await (await fetch(`${base}/sitemap.xml`)).text();
  } finally {
    await stop();
  }
});
for (const [label, pattern, after] of [
  ["Case study", /<loc>[^<]*?(\/portfolio\/[^<]+)<\/loc>/, "Portfolio"],
  ["Blog post", /<loc>[^<]*?(\/blog\/[^<]+)<\/loc>/, "Blog"],
  ["Event", /<loc>[^<]*?(\/events\/[^<]+)<\/loc>/, "Events"],
] as const) {
  const match = pattern.exec(sitemap);
  const at = pageTypes.findIndex(([known]) => known === after) + 1;
  if (match?.[1]) pageTypes.splice(at, 0, [label, match[1]]);
}

async function startServer(): Promise<() => Promise<void>> {
  const server = await startProductionServer({ port, env: { LOG_LEVEL: "warn" } });
  return server.stop;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? NaN;
  return sorted.length % 2 ? upper : ((sorted[middle - 1] ?? NaN) + upper) / 2;
};

type Figures = Record<string, number>;

const stopServer = await startServer();
const reference = await startStaticFileServer({
  root: astrowindRoot,
  port: referencePort,
  immutablePrefix: "/_astro/",
});
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});
const rows: string[] = [];
try {
  for (const form of forms) {
    // The reference first, so every page of ours has its ratio when its row is printed.
    const targets = [
      ...referencePages.map(([label, path]) => ({ label, path, url: referenceBase + path })),
      // --pages may name any page of ours, e.g. a post with a cover image.
      ...(values.pages
        ? values.pages
            .split(",")
            .map(
              (path): [string, string] =>
                pageTypes.find(([, known]) => known === path) ?? [path, path],
            )
        : pageTypes
      ).map(([label, path]) => ({ label, path, url: base + path })),
    ];
    let referenceHome: Figures | undefined;
    for (const { label, path, url } of targets) {
      const samples: Figures[] = [];
      let failedRuns = 0;
      for (let run = 0; run < runs; run++) {
        const flags: Flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories,
          ...(form === "mobile" && cpuSlowdown
            ? {
                throttling: {
                  ...throttling.mobileSlow4G,
                  cpuSlowdownMultiplier: cpuSlowdown,
                },
              }
            : {}),
        };
        const result = await lighthouse(
          url,
          flags,
          form === "desktop" ? (desktopConfig as Config) : undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const { lhr } = result;
        if (values.save) {
          mkdirSync(values.save, { recursive: true });
          const name = `${form}-${path.replace(/[^a-z0-9]+/gi, "_") || "_"}-${label.startsWith("AstroWind") ? "astrowind-" : ""}${run + 1}.json`;
          writeFileSync(join(values.save, name), JSON.stringify(lhr));
        }
        // A run Lighthouse itself could not finish (its runtimeError) says
        // nothing about the page: it is named and run again, at most twice.
        if (lhr.runtimeError) {
          console.error(
            `${form} ${path}: run ${run + 1} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
          );
          if (++failedRuns <= 2) {
            run--;
            continue;
          }
        }
        const erred = Object.values(lhr.audits).filter(
          (audit) => audit.scoreDisplayMode === "error",
        );
        for (const category of onlyCategories) {
          if (lhr.categories[category]?.score === null) {
            console.error(
              `${form} ${path}: run ${run + 1}: no ${category} score (${erred.map((audit) => `${audit.id}: ${audit.errorMessage ?? ""}`).join("; ")})`,
            );
          }
        }
        const figures: Figures = {};
        for (const category of onlyCategories) {
          figures[category] = Math.round((lhr.categories[category]?.score ?? 0) * 100);
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        figures.lcp = audit("largest-contentful-paint");
        figures.cls = audit("cumulative-layout-shift");
        figures.tbt = audit("total-blocking-time");
        figures.fcp = audit("first-contentful-paint");
        figures.bytes = audit("total-byte-weight");
        // Lighthouse's reading of the host's speed: simulated blocking time
        // follows it as much as the page (docs/benchmarks.md, issue 26).
        figures.benchmarkIndex = lhr.environment.benchmarkIndex;
        const failing = Object.values(lhr.categories)
          .flatMap((category) => category.auditRefs)
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id);
        if (failing.length) {
          // Every run, with what the audit found: a console error in one run of
          // three is still an error to find.
          const found = failing.map((id) => {
            const items = (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items;
            return items?.length ? `${id} ${JSON.stringify(items).slice(0, 400)}` : id;
          });
          console.error(`${form} ${path}: run ${run + 1}: below 1 in ${found.join("; ")}`);
        }
        samples.push(figures);
      }
      const m = (key: string) => median(samples.map((sample) => sample[key] ?? NaN));
      if (label === referencePages[0]?.[0]) referenceHome = { fcp: m("fcp"), lcp: m("lcp") };
      const ratio = (key: "fcp" | "lcp") =>
        referenceHome?.[key] ? (m(key) / referenceHome[key]).toFixed(2) : "–";
      const scores = onlyCategories.map((category) => String(m(category)));
      const figure = (key: string, format: (value: number) => string) =>
        Number.isNaN(m(key)) ? "–" : format(m(key));
      rows.push(
        `| ${form} | ${label} (\`${path}\`) | ${scores.join(" | ")} | ${figure("lcp", (v) => v.toFixed(0))} | ${figure("cls", (v) => v.toFixed(3))} | ${figure("tbt", (v) => v.toFixed(0))} | ${figure("fcp", (v) => v.toFixed(0))} | ${ratio("fcp")} | ${ratio("lcp")} | ${figure("bytes", (v) => (v / 1024).toFixed(1))} | ${figure("benchmarkIndex", (v) => v.toFixed(0))} |`,
      );
      console.error(rows.at(-1));
    }
  }
} finally {
  chrome.kill();
  await stopServer();
  await reference.stop();
}

const header = `| Form | Page | ${onlyCategories.join(" | ")} | LCP ms | CLS | TBT ms | FCP ms | FCP ÷ AstroWind home | LCP ÷ AstroWind home | KB transferred | Host benchmarkIndex |`;
console.log(
  [
    `Lighthouse ${lighthouseVersion}, median of ${runs} run(s), ${new Date().toISOString().slice(0, 10)}${cpuSlowdown ? `, mobile CPU slowdown ${cpuSlowdown}x` : ""}`,
    "",
    header,
    header.replace(/[^|]+/g, " --- "),
    ...rows,
  ].join("\n"),
);
