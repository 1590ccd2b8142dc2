import { FILE_LIMITS, LOGO_LIMITS, TEXT_LIMITS } from "@pevo/shared";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { UPLOAD_FRAMING_BYTES } from "./multipart";

/**
 * The largest request body of any route: every form of the app fits in 64 KB (the largest, a rate
 * confirmation with its three 5,000-character texts, stays under it even typed in a script of
 * three bytes a character), so a body beyond it is an abuse, refused before it is read.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

/** The routes whose bodies legitimately need more, and why. */
const LARGER_BODIES: { method: string; path: RegExp; maxSize: number; message: string }[] = [
  {
    // An upload (http/multipart.ts): the 15 MB file and its multipart framing; readUpload counts
    // the bytes again as it reads them.
    method: "POST",
    path: /^\/api\/(?:(?:pevos|rate-confirmations|dispatches)\/[^/]+\/documents|portal\/(?:dispatches\/[^/]+\/)?documents)\/?$/,
    maxSize: FILE_LIMITS.maxBytes + UPLOAD_FRAMING_BYTES,
    message: `The file is larger than ${FILE_LIMITS.maxBytes / (1024 * 1024)} MB`,
  },
  {
    // The company logo (domain/company/logo.ts): 1 MB and its multipart framing.
    method: "PUT",
    path: /^\/api\/company\/logo\/?$/,
    maxSize: LOGO_LIMITS.maxBytes + UPLOAD_FRAMING_BYTES,
    message: `The logo must be ${LOGO_LIMITS.maxBytes / (1024 * 1024)} MB or smaller`,
  },
  {
    // A client's signature: the drawn signature is a PNG data URL of up to TEXT_LIMITS.drawnSignature
    // characters, beside the typed name.
    method: "POST",
    path: /^\/api\/public\/sign\/[^/]+\/sign\/?$/,
    maxSize: TEXT_LIMITS.drawnSignature + JSON_BODY_LIMIT,
    message: "The signature is too large: clear it and draw again",
  },
  {
    // The pre-trip safety meeting: two drawn signatures (the PEVO's and the truck driver's), each
    // up to TEXT_LIMITS.drawnSignature characters, beside the checklist and the names.
    method: "POST",
    path: /^\/api\/portal\/dispatches\/[^/]+\/safety-meeting\/?$/,
    maxSize: 2 * TEXT_LIMITS.drawnSignature + JSON_BODY_LIMIT,
    message: "The signatures are too large: clear them and draw again",
  },
];

/** The body limit of a request: the route's own, or JSON_BODY_LIMIT. */
export function bodyLimitOf(method: string, path: string): number {
  return LARGER_BODIES.find((r) => r.method === method && r.path.test(path))?.maxSize ?? JSON_BODY_LIMIT;
}

/**
 * Every route's request body limit, answered 413 in the API's JSON error shape before the body is
 * read: a Content-Length over the limit is refused at once, and a body without one (chunked) is
 * counted as it arrives and cut off when it passes the limit (hono/body-limit). `Connection: close`
 * lets the server drop the rest of an unread body instead of draining it.
 */
export function bodyLimits(): MiddlewareHandler {
  const tooLarge = (message: string) => (c: Context) =>
    c.json({ error: message }, 413, { Connection: "close" });
  const json = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: tooLarge(`The request body must be at most ${JSON_BODY_LIMIT / 1024} KB`),
  });
  const larger = LARGER_BODIES.map((r) => ({
    ...r,
    limit: bodyLimit({ maxSize: r.maxSize, onError: tooLarge(r.message) }),
  }));
  return (c, next) => {
    const route = larger.find((r) => r.method === c.req.method && r.path.test(c.req.path));
    return (route?.limit ?? json)(c, next);
  };
}
