import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloadStream } from "./low-priority-module-preloads.server";

async function throughStream(chunks: string[]): Promise<string> {
  const stream = lowPriorityModulePreloadStream();
  const output: string[] = [];
  stream.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return output.join("");
}

describe("lowPriorityModulePreloadStream", () => {
  const html =
    '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/x.js"/>' +
    '<link rel="modulepreload" href="/y.js" nonce="n"/></head><body>é</body>';

  it("marks every module preload low priority and leaves the rest alone", async () => {
    const out = await throughStream([html]);
    expect(out).toBe(
      html.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"'),
    );
    expect(out).toContain('<link rel="stylesheet" href="/a.css"/>');
  });

  it("keeps a character whose bytes arrive in two chunks", async () => {
    const bytes = Buffer.from(html);
    const cut = bytes.indexOf(Buffer.from("é")) + 1;
    const stream = lowPriorityModulePreloadStream();
    const output: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => output.push(Buffer.from(chunk)));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.write(bytes.subarray(0, cut));
    stream.write(bytes.subarray(cut));
    stream.end();
    await ended;
    expect(Buffer.concat(output).toString("utf8")).toBe(await throughStream([html]));
  });

  it("finds a marker split across chunks at any point", async () => {
    const expected = await throughStream([html]);
    for (let cut = 1; cut < html.length; cut++) {
      expect(await throughStream([html.slice(0, cut), html.slice(cut)])).toBe(expected);
    }
  });
});
