import type { Request, RequestHandler, Response } from "express";
import { acceptsPost } from "./form-paths";
import type { FormPost } from "./form-post";
import type { Logger } from "../core/logger";

/** The largest form post the server reads; the form itself stays far below it. */
export const maxFormBodyBytes = 64 * 1024;

/**
 * Runs before React Router for every post to a form's route (the contact
 * form, an event's registration and its cancellation; server/http/limits.ts):
 * refuses posts from other sites (403) and bodies over 64 KB (413, from
 * Content-Length alone or as soon as the streamed bytes pass the limit), then
 * buffers the body for the route's action. Neither check reads a rejected
 * body into memory.
 */
export function formPostGuard({
  log,
  limitBytes = maxFormBodyBytes,
}: {
  log: Logger;
  limitBytes?: number;
}): RequestHandler {
  return async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || !acceptsPost(req.path)) return next();
    const address = clientAddress(req);

    if (!isSameOriginPost(req)) {
      log.warn(`Form post: rejected a post from ${address} (cross-origin)`);
      refuse(res, 403, "Forbidden: the form accepts posts from this site only.");
      return;
    }
    const body = await readBodyWithin(req, limitBytes);
    if (body === "too-large") {
      log.warn(`Form post: rejected a post from ${address} (body over ${limitBytes} bytes)`);
      refuse(res, 413, `Payload too large: the form accepts at most ${limitBytes / 1024} KB.`);
      return;
    }
    const post: FormPost = {
      body,
      contentType: req.get("content-type") ?? "",
      clientAddress: address,
    };
    res.locals.formPost = post;
    next();
  };
}

/** The post formPostGuard buffered for this request. */
export function bufferedPost(res: Response): FormPost {
  const post = res.locals.formPost as FormPost | undefined;
  if (!post) throw new Error("the form post guard did not run for this request");
  return post;
}

/**
 * The client's address. Express reads X-Forwarded-For only as far as the
 * "trust proxy" setting (TRUST_PROXY) allows; otherwise it is the socket's peer.
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * A post from a page of this site. Browsers send Sec-Fetch-Site with every
 * request, and Origin with every post; a post that carries neither did not come
 * from our form in a browser.
 */
export function isSameOriginPost(req: Request): boolean {
  const site = req.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = req.get("origin");
  return origin !== undefined && origin === `${req.protocol}://${req.host}`;
}

function refuse(res: Response, status: number, message: string) {
  // The rest of the body is never read: close the connection rather than drain it.
  res.set("Connection", "close").status(status).type("text/plain").send(message);
}

/** The body, or "too-large" as soon as it is known to pass `limit` bytes. */
function readBodyWithin(req: Request, limit: number): Promise<Buffer | "too-large"> {
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve("too-large");

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        req.pause();
        resolve("too-large");
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      if (req.complete) return;
      stop();
      reject(
        Object.assign(new Error("the client closed the connection mid-post"), { status: 400 }),
      );
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}
