/**
 * The security headers of every response (Hono's secureHeaders), with a strict Content-Security-
 * Policy: scripts only from this server's own files (no inline script, no eval), nothing from
 * another host, no plugins, no framing.
 */
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "../env";

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // The web app's index.html loads its boot script and its bundle from files (public/boot.js,
  // /assets/*), and /api/docs loads Swagger UI's bundle from /api/docs/reference.js: no inline script.
  scriptSrc: ["'self'"],
  // 'unsafe-inline' for styles only: the libraries the screens are built from add <style> elements
  // at run time (sonner's toasts, Radix's scroll areas and selects, react-remove-scroll under the
  // dialogs, Swagger UI's reference page) and the invoice print view renders one; none of them takes a
  // nonce. Styles cannot run script, so script-src stays strict.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // data: and blob: images cannot run script: small images a bundle inlines, object URLs of files.
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

export function securityHeaders(config: Pick<Config, "production">): MiddlewareHandler {
  const headers = secureHeaders({
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    // As frame-ancestors 'none', for browsers that predate it.
    xFrameOptions: "DENY",
    // HSTS makes a browser use HTTPS for this host for half a year: only in production, which runs
    // behind TLS (README), never for a development server on http://localhost.
    strictTransportSecurity: config.production,
  });
  return async (c, next) => {
    // A route that sets its own, stricter policy keeps it (a stored document is served with
    // "default-src 'none'; sandbox"): secureHeaders would overwrite it.
    let routePolicy: string | null = null;
    await headers(c, async () => {
      await next();
      routePolicy = c.res.headers.get("Content-Security-Policy");
    });
    if (routePolicy) {
      c.res.headers.set("Content-Security-Policy", routePolicy);
    } else if (c.res.headers.get("content-type")?.startsWith("application/pdf")) {
      // A PDF opened in a tab is shown by the browser's own viewer, an embedded plugin that
      // object-src 'none' would block in Chromium; a PDF runs no script of ours.
      c.res.headers.delete("Content-Security-Policy");
    }
  };
}
