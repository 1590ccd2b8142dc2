import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Database } from "@pevo/db";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { csrf } from "hono/csrf";
import type { Store as RateLimitStore } from "hono-rate-limiter";
import { createAuth } from "./auth";
import { purgeQueuedFiles } from "./domain/documents";
import type { Config } from "./env";
import { accountRoutes } from "./features/account/routes";
import { activityRoutes } from "./features/activity/routes";
import { calendarRoutes } from "./features/calendar/routes";
import { clientCreditRoutes } from "./features/client-credit/routes";
import { clientRoutes } from "./features/clients/routes";
import { factoringSettingsRoutes } from "./features/company/factoring-routes";
import { publicLogoRoutes } from "./features/company/public-logo-routes";
import { companyRoutes } from "./features/company/routes";
import { officeCredentialRoutes, portalCredentialRoutes } from "./features/credentials/routes";
import { publicCreditNoteRoutes } from "./features/credit-notes/public-credit-note-routes";
import { creditNoteRoutes, invoiceCreditNoteRoutes } from "./features/credit-notes/routes";
import { dashboardRoutes } from "./features/dashboard/routes";
import { devRoutes } from "./features/dev/routes";
import {
  dispatchTimelineRoutes,
  portalLifecycleRoutes,
  publicDispatchResponseRoutes,
} from "./features/dispatches/lifecycle-routes";
import { dispatchRoutes } from "./features/dispatches/routes";
import { docsRoutes } from "./features/docs/routes";
import { officeDocumentRoutes, portalDocumentRoutes } from "./features/documents/routes";
import { billJobsRoutes } from "./features/invoices/bill-jobs-routes";
import { invoiceFactoringRoutes } from "./features/invoices/factoring-routes";
import { invoicePaymentRoutes } from "./features/invoices/payment-routes";
import { publicInvoiceRoutes } from "./features/invoices/public-invoice-routes";
import { invoiceRoutes } from "./features/invoices/routes";
import { invoiceSuggestionRoutes } from "./features/invoices/suggested-lines-routes";
import {
  officePaperworkRoutes,
  portalPaperworkRoutes,
  safetyChecklistRoutes,
} from "./features/job-paperwork/routes";
import { mailRoutes } from "./features/mail/routes";
import { pevoRoutes } from "./features/pevos/routes";
import { portalRoutes } from "./features/portal/routes";
import { publicSignRoutes } from "./features/rate-confirmations/public-sign-routes";
import { rateConfirmationRoutes } from "./features/rate-confirmations/routes";
import { rateConfirmationSignatureRoutes } from "./features/rate-confirmations/signature-routes";
import { receivablesRoutes } from "./features/receivables/routes";
import { reportRoutes } from "./features/reports/routes";
import { mySettingsRoutes } from "./features/settings/routes";
import { payPlanRoutes, portalEarningsRoutes, settlementRoutes } from "./features/settlements/routes";
import { officeTaxRoutes, portalTaxRoutes } from "./features/tax/routes";
import { dispatchTripLogRoutes, portalTripLogRoutes } from "./features/trip-logs/routes";
import { refuseAuthControlCharacters } from "./http/auth-input";
import { bodyLimits } from "./http/body-limit";
import type { AppEnv, Deps } from "./http/context";
import { ApiError, toErrorResponse } from "./http/errors";
import { eventsRoutes } from "./http/events";
import { openApiDocument } from "./http/openapi-document";
import { createRateLimitStore, limitFailedSignIns, limitPerAddress } from "./http/rate-limit";
import { requestLog } from "./http/request-log";
import { securityHeaders } from "./http/security-headers";
import { sessionMiddleware } from "./http/session";
import { spaFallback } from "./http/spa";
import { log } from "./lib/log";
import { createStorage, type FileStorage } from "./lib/storage";
import { createMailer, type Mailer } from "./mail/mailer";

/** The Better Auth endpoints the product uses; the rest of its surface stays closed. */
export const AUTH_ENDPOINTS = new Set([
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-out",
  "GET /api/auth/get-session",
  "GET /api/auth/verify-email",
  "POST /api/auth/send-verification-email",
  "POST /api/auth/request-password-reset",
  "POST /api/auth/reset-password",
  "POST /api/auth/change-password",
]);

/** Whether an Origin header names this server's host; "null" or garbage is simply not allowed. */
function sameHost(origin: string, host: string | undefined): boolean {
  if (!host || !URL.canParse(origin)) return false;
  return new URL(origin).host === host;
}

const webDist = resolve(import.meta.dirname, "../../web/dist");

export function createApp(opts: {
  db: Database;
  config: Config;
  mailer?: Mailer;
  /** Where rate limit counts live (default: Redis when REDIS_URL is set, else the database). */
  rateLimitStore?: RateLimitStore;
  /** Where uploaded files go (default: the configuration's storage). */
  storage?: FileStorage;
  /** Aborted when the server shuts down: the live event streams end (main.ts). */
  shutdown?: AbortSignal;
}) {
  const { db, config } = opts;
  const mailer = opts.mailer ?? createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const auth = createAuth({ db, config, mailer });
  const storage =
    opts.storage ?? createStorage(config.storage ?? { kind: "disk", dir: resolve("data", "files") });
  const rateLimitStore = opts.rateLimitStore ?? createRateLimitStore(db, config.redisUrl).store;
  const deps: Deps = { db, config, mailer, auth, storage, rateLimitStore };

  const app = new Hono<AppEnv>();
  app.onError((error, c) => toErrorResponse(c, error));
  // First: every line logged while a request is handled carries its id, every response returns it.
  app.use(requestLog());
  app.use(securityHeaders(config));
  // Every route's body limit (64 KB; uploads and signatures more), before anything reads a body
  // (after the security headers, so that a 413 carries them too).
  app.use(bodyLimits());

  const api = new OpenAPIHono<AppEnv>();
  const sameOriginWrites = csrf({
    origin: (origin, c) => origin === config.appUrl || sameHost(origin, c.req.header("host")),
  });
  api.use(sameOriginWrites);
  const perAddress = limitPerAddress({
    limit: config.authRateLimit,
    trustProxy: config.trustProxy ?? 0,
    store: rateLimitStore,
  });
  for (const path of [
    "/auth/sign-in/*",
    "/auth/request-password-reset",
    "/auth/send-verification-email",
    "/signup",
  ]) {
    api.use(path, perAddress);
  }
  // Wrong passwords per account: half the per-address budget from one address, so that an address
  // locked out of one account can still sign in to another (http/rate-limit.ts).
  api.use(
    "/auth/sign-in/*",
    limitFailedSignIns({
      perAddress: Math.ceil(config.authRateLimit / 2),
      trustProxy: config.trustProxy ?? 0,
      store: rateLimitStore,
    }),
  );
  api.use("/auth/*", refuseAuthControlCharacters);
  api.on(["GET", "POST"], "/auth/*", async (c) => {
    const path = c.req.path.replace(/\/$/, "");
    const allowed =
      AUTH_ENDPOINTS.has(`${c.req.method} ${path}`) ||
      (c.req.method === "GET" && path.startsWith("/api/auth/reset-password/"));
    if (!allowed) throw new ApiError(404, "Not found");
    const res = await auth.handler(c.req.raw);
    if (res.status !== 500) return res;
    // Better Auth answers a failed database access inside its endpoints (e.g. get-session's
    // FAILED_TO_GET_SESSION) with a 500 that hides the cause. When the database is away this check
    // fails too, and the error handler answers 503 + Retry-After as for every other route.
    await db.execute(sql`select 1`);
    return res;
  });
  // Public token links (/public/*) get their rate limit and headers from their router
  // (http/public-link-routes.ts).
  api.use(sessionMiddleware(deps));
  // A write may have deleted document rows (directly, or by a cascade from their owner): their
  // stored files, queued by the database in the same transaction, go once the change committed.
  api.use(async (c, next) => {
    await next();
    const actor = c.get("actor");
    if (c.req.method === "GET" || c.req.method === "HEAD" || !actor || c.res.status >= 400) return;
    await purgeQueuedFiles({ db, companyId: actor.companyId }, storage).catch((error) =>
      log().error({ err: error }, "Could not remove deleted documents' files"),
    );
  });
  // Every /api route is declared with @hono/zod-openapi (see http/openapi.ts), so that the document
  // at /api/openapi.json is generated from the code; the chain keeps their types for AppType.
  let document: ReturnType<typeof openApiDocument> | undefined;
  const routes = api
    .route("/", accountRoutes)
    .route("/clients", clientRoutes)
    .route("/clients", clientCreditRoutes)
    .route("/dashboard", dashboardRoutes)
    .route("/activity", activityRoutes)
    .route("/pevos", pevoRoutes)
    .route("/rate-confirmations", rateConfirmationRoutes)
    .route("/rate-confirmations", rateConfirmationSignatureRoutes)
    .route("/public/sign", publicSignRoutes)
    .route("/dispatches", dispatchRoutes)
    .route("/dispatches", dispatchTimelineRoutes)
    .route("/dispatches", officePaperworkRoutes)
    .route("/public/dispatch-response", publicDispatchResponseRoutes)
    .route("/portal/dispatches", portalLifecycleRoutes)
    .route("/portal/dispatches", portalPaperworkRoutes)
    .route("/dispatches/:dispatchId/trip-logs", dispatchTripLogRoutes)
    .route("/portal/trip-logs", portalTripLogRoutes)
    .route("/portal", portalRoutes)
    .route("/me/settings", mySettingsRoutes)
    .route("/invoices", invoiceSuggestionRoutes)
    .route("/invoices", billJobsRoutes)
    .route("/invoices", invoiceRoutes)
    .route("/invoices", invoicePaymentRoutes)
    .route("/invoices", invoiceFactoringRoutes)
    .route("/public/invoices", publicInvoiceRoutes)
    .route("/invoices", invoiceCreditNoteRoutes)
    .route("/credit-notes", creditNoteRoutes)
    .route("/public/credit-notes", publicCreditNoteRoutes)
    .route("/pay-plans", payPlanRoutes)
    .route("/settlements", settlementRoutes)
    .route("/portal", portalEarningsRoutes)
    .route("/mail", mailRoutes)
    .route("/receivables", receivablesRoutes)
    .route("/reports", reportRoutes)
    .route("/company/factoring", factoringSettingsRoutes)
    .route("/company", companyRoutes)
    .route("/company", safetyChecklistRoutes)
    .route("/public/logos", publicLogoRoutes)
    .route("/calendar", calendarRoutes)
    .route("/", officeDocumentRoutes)
    .route("/", officeTaxRoutes)
    .route("/portal", portalTaxRoutes)
    .route("/portal", portalDocumentRoutes)
    .route("/", officeCredentialRoutes)
    .route("/portal", portalCredentialRoutes)
    .route("/events", eventsRoutes(deps, opts.shutdown))
    .route(
      "/",
      docsRoutes(() => (document ??= openApiDocument(api))),
    );
  api.all("/*", () => {
    throw new ApiError(404, "Not found");
  });
  // The same object as `app`, typed with every /api route (AppType, for Hono's RPC client).
  const served = app.route("/api", routes);

  if (!config.production && mailer.mode === "outbox") {
    app.route("/dev", devRoutes(deps, [sameOriginWrites, sessionMiddleware(deps)]));
  }

  if (existsSync(webDist)) {
    // A PEVO at a truck stop is on a slow connection: gzip everything, and cache the hashed
    // bundles for good (a new build has new file names).
    app.use("/*", compress());
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    // The service worker and the manifest (ADR 0014) keep their names from build to build: the
    // browser must ask again every time, or a phone would keep an old app. Service-Worker-Allowed:
    // the worker controls the whole app from the root.
    app.use("/sw.js", async (c, next) => {
      await next();
      if (c.res.ok) {
        c.header("Cache-Control", "no-cache");
        c.header("Service-Worker-Allowed", "/");
      }
    });
    app.use("/manifest.webmanifest", async (c, next) => {
      await next();
      if (c.res.ok) {
        c.header("Cache-Control", "no-cache");
        c.header("Content-Type", "application/manifest+json; charset=utf-8");
      }
    });
    // A dot-named file or folder (dist/.vite: the build's chunk report, which names source files)
    // is the build's, not the app's: never served.
    // The build writes each bundle brotli-compressed beside itself (apps/web vite.config.ts): sent
    // as it is to a browser that takes br; any other gets compress()'s gzip.
    const staticFiles = serveStatic({ root: webDist, precompressed: true });
    app.use("/*", (c, next) =>
      c.req.path.split("/").some((part) => part.startsWith(".")) ? next() : staticFiles(c, next),
    );
    // The app's screens answer 200, any other address 404 (both with the app's HTML).
    app.get("/*", spaFallback(webDist));
  }
  return served;
}

/** The app's routes, for Hono's RPC client in the web app: `hc<AppType>("/")`. */
export type AppType = ReturnType<typeof createApp>;
