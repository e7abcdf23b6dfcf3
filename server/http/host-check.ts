import type { RequestHandler } from "express";
import { isIPv6 } from "node:net";

/**
 * The Host a request names, lower-cased, if it is one a URL can carry: a DNS
 * name or IPv4 address, or an IPv6 literal in brackets, with an optional port
 * from 1 to 65535. Anything else (empty, spaces, a port past 65535, an
 * unclosed bracket) is undefined.
 */
export function validHost(value: string | undefined): string | undefined {
  if (!value || value.length > 300) return undefined;
  const match =
    /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9](?:[A-Za-z0-9._~-]{0,251}[A-Za-z0-9.])?))(?::(\d{1,5}))?$/.exec(
      value,
    );
  if (!match) return undefined;
  const [, ipv6, , port] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return undefined;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return undefined;
  try {
    // The WHATWG parser has the last word (it refuses 999.999.999.999, for one).
    new URL(`http://${value}/`);
  } catch {
    return undefined;
  }
  return value.toLowerCase();
}

/**
 * Answers 400 to a request whose Host (or, behind a trusted proxy,
 * X-Forwarded-Host) is missing or not valid, before React Router builds a URL
 * from it: such a request cannot name a page of this site. Mounted in front of
 * the server-rendered routes only; files, prerendered pages and the health
 * checks need no Host.
 */
export const requireValidHost: RequestHandler = (req, res, next) => {
  const host = validHost(req.host);
  if (!host) {
    res
      .status(400)
      .set("Connection", "close")
      .type("text/plain")
      .send("Bad request: the Host header is missing or not valid.");
    return;
  }
  res.locals.validHost = host;
  next();
};
