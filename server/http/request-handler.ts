import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";
import { isIPv6 } from "node:net";
import {
  createRequestHandler as createRouterRequestHandler,
  type AppLoadContext,
  type ServerBuild,
} from "react-router";

/**
 * React Router behind Express: the adapter of @react-router/express, with
 * three differences (issue 15).
 *
 * - The request's URL is built from a Host that `requireValidHost` has
 *   checked, and an IPv6 literal keeps its port (`[::1]:3000`); the package
 *   splits the Host on ":" and loses it, so React Router's origin check
 *   refused every form post made to an IPv6 address.
 * - HEAD is answered as GET without the body, so both carry the same headers
 *   (Content-Type, Vary, the status a loader sets). React Router's default
 *   entry answers HEAD with no Content-Type at all.
 * - Nothing else: loaders, actions and the response stream are React Router's.
 */
export type RequestHandlerOptions = {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  mode?: string;
  getLoadContext?: (
    req: ExpressRequest,
    res: ExpressResponse,
  ) => AppLoadContext | Promise<AppLoadContext>;
};

export function createRequestHandler({
  build,
  mode = process.env.NODE_ENV,
  getLoadContext,
}: RequestHandlerOptions): RequestHandler {
  const handleRequest = createRouterRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = fetchRequest(req, res);
      const loadContext = await getLoadContext?.(req, res);
      const response = await handleRequest(request, loadContext);
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}

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

function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const host = (res.locals.validHost as string | undefined) ?? validHost(req.host) ?? "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    // HEAD is rendered as GET, so it gets GET's headers; the body is dropped below.
    method: req.method === "HEAD" ? "GET" : req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  });
}

async function sendResponse(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body || req.method === "HEAD") {
    await response.body?.cancel();
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
