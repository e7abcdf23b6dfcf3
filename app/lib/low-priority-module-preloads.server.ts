import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * First paint owes nothing to JavaScript (docs/decisions/062). React Router's
 * `<Scripts>` writes a `<link rel="modulepreload">` for every module of the
 * page, and React hoists them into `<head>`, where the browser fetches them at
 * high priority beside the stylesheet. This stream rewrites each of them to
 * `fetchpriority="low"`: the modules are still discovered at once and still
 * load and hydrate the page, but the browser holds them behind the HTML, the
 * stylesheet and what the first screen shows. (React Router renders these as
 * plain `<link>` elements, not through ReactDOM.preloadModule, which would
 * pass a fetchPriority through, so there is no option to set upstream.)
 *
 * The marker may be split across two chunks of the stream, so the last few
 * characters of each chunk wait for the next.
 */
const marker = '<link rel="modulepreload"';
const replacement = '<link rel="modulepreload" fetchpriority="low"';

export function lowPriorityModulePreloads(html: string): string {
  return html.replaceAll(marker, replacement);
}

export function lowPriorityModulePreloadStream(): Transform {
  let pending = "";
  // Bytes of one character may arrive in two chunks: the decoder holds them.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const rewritten = lowPriorityModulePreloads(text);
      // Hold back a possible start of the marker.
      const keep = partialMarkerLength(rewritten);
      pending = rewritten.slice(rewritten.length - keep);
      callback(null, rewritten.slice(0, rewritten.length - keep));
    },
    flush(callback) {
      callback(null, pending + decoder.end());
    },
  });
}

/** How many characters at the end of `text` are the beginning of the marker. */
function partialMarkerLength(text: string): number {
  for (let length = Math.min(marker.length - 1, text.length); length > 0; length--) {
    if (marker.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
