import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { contentSecurityPolicy, staticSecurityHeaders } from "../server/http/security-headers";
import {
  ASSET_CACHE_CONTROL,
  DATA_CONTENT_TYPE,
  HTML_CACHE_CONTROL,
  prerenderedPageFiles,
} from "../server/http/static-files";

/*
 * Writes the part of Caddy's configuration that serves a release's client
 * build (deploy/Caddyfile imports it): hashed assets from the current release,
 * then from the previous one (a page the old release rendered still finds its
 * scripts until the next switch), prerendered pages by their clean address,
 * and the build's other files. Every header comes from the modules the Node
 * server sends them from (server/http/security-headers.ts, static-files.ts),
 * each page's Content-Security-Policy with the hashes of its own inline
 * scripts, so the proxy and the server cannot drift apart (docs/decisions/074).
 *
 * Usage: tsx scripts/proxy-config.ts --current DIR [--previous DIR] --out FILE
 * (DIR is a release's client build: releases/<id>/build/client).
 */

const { values } = parseArgs({
  options: {
    current: { type: "string" },
    previous: { type: "string" },
    out: { type: "string" },
  },
});
if (!values.current || !values.out) {
  console.error("usage: tsx scripts/proxy-config.ts --current DIR [--previous DIR] --out FILE");
  process.exit(2);
}

/** A Caddyfile token in double quotes. */
const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

export function proxyConfig(currentDir: string, previousDir?: string): string {
  // Served only over TLS: HSTS and upgrade-insecure-requests, as the server sends with an https SITE_URL.
  const https = true;
  const fixedHeaders = Object.entries(staticSecurityHeaders({ https }))
    .map(([name, value]) => `\t\t${name} ${quoted(value)}`)
    .join("\n");
  const defaultPolicy = contentSecurityPolicy({ inlineScripts: [], https });
  const lines: string[] = [
    "# Written by scripts/proxy-config.ts (deploy/release): do not edit, it is rewritten at each switch.",
    `# Current release: ${currentDir}`,
    `# Previous release: ${previousDir ?? "none"}`,
    "",
  ];
  const headers = (policy: string, cacheControl: string, extra: string[] = []) =>
    [
      "\theader {",
      fixedHeaders,
      `\t\tContent-Security-Policy ${quoted(policy)}`,
      `\t\tCache-Control ${quoted(cacheControl)}`,
      ...extra.map((line) => `\t\t${line}`),
      "\t\t-Server",
      "\t}",
    ].join("\n");

  // Hashed assets: the current release's, then the previous release's.
  for (const [name, dir] of [
    ["current", currentDir],
    ["previous", previousDir],
  ] as const) {
    if (!dir) continue;
    lines.push(
      `@asset_${name} {`,
      "\tmethod GET HEAD",
      "\tpath /assets/*",
      "\tfile {",
      `\t\troot ${quoted(dir)}`,
      "\t\ttry_files {path}",
      "\t}",
      "}",
      `handle @asset_${name} {`,
      `\troot * ${quoted(dir)}`,
      headers(defaultPolicy, ASSET_CACHE_CONTROL),
      "\tfile_server {",
      "\t\tprecompressed br gzip",
      "\t}",
      "}",
      "",
    );
  }

  // Prerendered pages by their address, each with the policy of its own inline scripts.
  prerenderedPageFiles(currentDir, { https }).forEach((page, index) => {
    lines.push(
      `@page_${index} {`,
      "\tmethod GET HEAD",
      `\tpath ${quoted(page.path)}`,
      "}",
      `handle @page_${index} {`,
      `\troot * ${quoted(currentDir)}`,
      `\trewrite * ${quoted(`/${page.file}`)}`,
      headers(page.policy, HTML_CACHE_CONTROL),
      "\tfile_server {",
      "\t\tprecompressed br gzip",
      "\t}",
      "}",
      "",
    );
  });

  // The build's other files (icons, robots.txt, the sitemap, the pages' .data):
  // a name with an extension, never a page's HTML or a compressed copy by its own name.
  lines.push(
    "@other_file {",
    "\tmethod GET HEAD",
    "\tpath_regexp other_file \\.\\w+$",
    "\tnot path_regexp (?i)\\.(html|br|gz)$",
    "\tnot path /assets/*",
    "\tfile {",
    `\t\troot ${quoted(currentDir)}`,
    "\t\ttry_files {path}",
    "\t}",
    "}",
    "handle @other_file {",
    `\troot * ${quoted(currentDir)}`,
    "\t@data path *.data",
    `\theader @data Content-Type ${quoted(DATA_CONTENT_TYPE)}`,
    headers(defaultPolicy, HTML_CACHE_CONTROL),
    "\tencode gzip",
    "\tfile_server",
    "}",
    "",
  );
  return lines.join("\n");
}

const text = proxyConfig(
  path.resolve(values.current),
  values.previous ? path.resolve(values.previous) : undefined,
);
// Written beside, then renamed: Caddy never reads half a file.
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(`${values.out}.tmp`, text);
renameSync(`${values.out}.tmp`, values.out);
console.log(`Proxy configuration for ${values.current} written to ${values.out}`);
