import { parseArgs } from "node:util";
import { byteBudgets } from "~/config/budgets";
import { readPublicPaths } from "~/site/pages.server";
import {
  fetchWithNode,
  isFrameworkChunk,
  kb,
  measurePage,
  totalGzip,
  type PageWeight,
} from "../tests/page-weight";
import { ensureBuild, startProductionServer } from "./production-server";

/**
 * What a first visit to each public page (and the not-found page) downloads,
 * gzip level 9, against the byte budgets of app/config/budgets.ts; prints a
 * Markdown table. Usage:
 *   npm run bench:bytes                 builds if needed, serves on --port (3301)
 *   npm run bench:bytes -- --base-url http://127.0.0.1:3000   a server already running
 * tests/e2e/budgets.spec.ts asserts the same budgets.
 */
const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    port: { type: "string", default: "3301" },
  },
});

const paths = [...readPublicPaths(), "/no-such-page"];

let stop = async () => {};
let baseUrl = values["base-url"];
if (!baseUrl) {
  ensureBuild();
  const port = Number(values.port);
  stop = (await startProductionServer({ port, env: { LOG_LEVEL: "warn" } })).stop;
  baseUrl = `http://127.0.0.1:${port}`;
}

const pages: PageWeight[] = [];
try {
  const fetcher = fetchWithNode(baseUrl);
  for (const path of paths) pages.push(await measurePage(fetcher, path));
} finally {
  await stop();
}

const over = (bytes: number, budget: number) => (bytes > budget ? " **over**" : "");
const rows = pages.map((page) => {
  const js = totalGzip(page.scripts);
  const largest = page.scripts
    .filter((script) => !isFrameworkChunk(script.url))
    .sort((a, b) => b.gzip - a.gzip)[0];
  const css = totalGzip(page.stylesheets);
  const chunk = largest
    ? `${largest.url.replace("/assets/", "")} ${kb(largest.gzip)}${over(largest.gzip, byteBudgets.chunkJs)}`
    : "–";
  return `| \`${page.path}\` (${page.status}) | ${kb(js)}${over(js, byteBudgets.pageJs)} | ${chunk} | ${kb(css)}${over(css, byteBudgets.pageCss)} | ${kb(page.html.gzip)}${over(page.html.gzip, byteBudgets.html)} |`;
});

const header = "| Page | JS gzip (total) | Largest non-framework chunk | CSS gzip | HTML gzip |";
console.log(
  [
    `First-visit bytes, gzip level 9, ${new Date().toISOString().slice(0, 10)}, ${baseUrl}`,
    "",
    header,
    header.replace(/[^|]+/g, " --- "),
    `| **Budget** | ${kb(byteBudgets.pageJs)} | ${kb(byteBudgets.chunkJs)} | ${kb(byteBudgets.pageCss)} | ${kb(byteBudgets.html)} |`,
    ...rows,
  ].join("\n"),
);
