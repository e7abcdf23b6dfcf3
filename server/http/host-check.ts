import type { RequestHandler } from "express";
import { isIPv6 } from "node:net";

/** The Host lower-cased, if a URL can carry it: a DNS name, IPv4 or [IPv6], and a port 1-65535. */
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
 * 400 for a missing or invalid Host (X-Forwarded-Host behind a trusted proxy) before React Router
 * builds a URL from it; in front of the rendered routes only (files and health checks need none).
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
