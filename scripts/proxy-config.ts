import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { contentSecurityPolicy, staticSecurityHeaders } from "../server/http/security-headers";
import {
  ASSET_CACHE_CONTROL,
  DATA_CONTENT_TYPE,
  HTML_CACHE_CONTROL,
} from "../server/http/static-files";

/*
 * Writes the part of Caddy's configuration that serves the client build
 * (deploy/Caddyfile imports it): hashed assets from the shared store, where
 * deploy/switch hard-links every kept release's assets before it switches (a
 * page the old release rendered still finds its scripts), and the build's
 * other files from the `current` symlink, which Caddy follows on each
 * request, so a release switch needs no reload. Assets are not read through
 * the symlink: Caddy checks that a file exists, then opens it, and a switch
 * between the two lost the file (issue 27, check 2). Every header comes from
 * the modules the Node server sends them from (server/http/security-headers.ts,
 * static-files.ts), so the proxy and the server cannot drift apart;
 * deploy/switch rewrites the file at each switch and reloads Caddy only when
 * it changed. Prerendered pages stay with the instances, whose policy for each
 * lists the hashes of its inline scripts (docs/decisions/075 says why).
 *
 * Usage: tsx scripts/proxy-config.ts --current DIR --asset-root DIR --out FILE
 * (--current: CORVANTA_HOME/current/build/client, kept as the symlink's path;
 * --asset-root: the root /assets/ is served under, CORVANTA_HOME/shared,
 * whose assets/ is the store).
 */

const { values } = parseArgs({
  options: {
    current: { type: "string" },
    "asset-root": { type: "string" },
    out: { type: "string" },
  },
});
if (!values.current || !values["asset-root"] || !values.out) {
  console.error("usage: tsx scripts/proxy-config.ts --current DIR --asset-root DIR --out FILE");
  process.exit(2);
}

/** A Caddyfile token in double quotes. */
const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

export function proxyConfig(currentDir: string, assetRoot: string): string {
  // Served only over TLS: HSTS and upgrade-insecure-requests, as the server sends with an https SITE_URL.
  const https = true;
  const fixedHeaders = Object.entries(staticSecurityHeaders({ https }))
    .map(([name, value]) => `\t\t${name} ${quoted(value)}`)
    .join("\n");
  const defaultPolicy = contentSecurityPolicy({ inlineScripts: [], https });
  const lines: string[] = [
    "# Written by scripts/proxy-config.ts (deploy/switch): do not edit, it is rewritten at each switch.",
    `# Current release: ${currentDir}`,
    `# Hashed assets of every kept release: ${assetRoot}/assets`,
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

  /**
   * A named matcher for a GET or HEAD whose file exists under `root`, and the
   * handler that serves it from there.
   */
  const filesFrom = (name: string, root: string, conditions: string[], handler: string[]) => [
    `@${name} {`,
    "\tmethod GET HEAD",
    ...conditions,
    "\tfile {",
    `\t\troot ${quoted(root)}`,
    "\t\ttry_files {path}",
    "\t}",
    "}",
    `handle @${name} {`,
    `\troot * ${quoted(root)}`,
    ...handler,
    "}",
    "",
  ];

  // Hashed assets, from the store that holds every kept release's.
  lines.push(
    ...filesFrom(
      "asset",
      assetRoot,
      ["\tpath /assets/*"],
      [
        headers(defaultPolicy, ASSET_CACHE_CONTROL),
        "\tfile_server {",
        "\t\tprecompressed br gzip",
        "\t}",
      ],
    ),
  );

  // The build's other files (icons, robots.txt, the sitemap, the pages' .data):
  // a name with an extension, never a page's HTML or a compressed copy by its own name.
  lines.push(
    ...filesFrom(
      "other_file",
      currentDir,
      [
        "\tpath_regexp other_file \\.\\w+$",
        "\tnot path_regexp (?i)\\.(html|br|gz)$",
        "\tnot path /assets/*",
      ],
      [
        "\t@data path *.data",
        `\theader @data Content-Type ${quoted(DATA_CONTENT_TYPE)}`,
        headers(defaultPolicy, HTML_CACHE_CONTROL),
        "\tencode gzip",
        "\tfile_server",
      ],
    ),
  );
  return lines.join("\n");
}

const text = proxyConfig(path.resolve(values.current), path.resolve(values["asset-root"]));
// Written beside, then renamed: Caddy never reads half a file.
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(`${values.out}.tmp`, text);
renameSync(`${values.out}.tmp`, values.out);
console.log(`Proxy configuration written to ${values.out}`);
