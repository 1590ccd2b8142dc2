import { retryableSqlstate } from "@pevo/db";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  pgError,
} from "../lib/domain-errors";
import { currentRequestId, log } from "../lib/log";

/** An error the client is meant to see, in the API's one JSON shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** First message per field path, e.g. { "lineItems.0.date": "Date is required" }. */
export function fieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, "The request body must be JSON");
  }
}

/** The HTTP status of each domain error (lib/domain-errors.ts). */
function domainStatus(error: DomainError): ContentfulStatusCode {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof InvalidInputError) return 400;
  if (error instanceof ConflictError) return 409;
  if (error instanceof ForbiddenError) return 403;
  return 400;
}

/** Seconds a client is told to wait after a 503 (the database is away for a moment). */
const RETRY_AFTER_SECONDS = 5;
/** After a 503 for a deadlock or serialization failure: it clears once the competing transaction ends. */
const RETRY_AFTER_CONFLICT_SECONDS = 1;

const LOST_CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/** node-postgres's own messages for a lost or unobtainable connection (pg/lib/client.js, pg-pool). */
const LOST_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * The database could not be reached or dropped the connection mid-query: a restart, a failover,
 * pg_terminate_backend (57P01 admin shutdown, 57P02 crash shutdown, 57P03 starting up), class 08
 * (connection exceptions), 53300 (too many connections), a refused or timed-out connect. The request
 * did not complete; the same request a moment later may well succeed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] };
    const code = typeof e.code === "string" ? e.code : "";
    if (code.startsWith("08") && code.length === 5) return true;
    if (code === "57P01" || code === "57P02" || code === "57P03" || code === "53300") return true;
    if (LOST_CONNECTION_CODES.has(code)) return true;
    if (typeof e.message === "string" && LOST_CONNECTION_MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/** The innermost cause's message (and SQLSTATE or errno code). */
function rootMessage(error: unknown): string {
  let current = error as { message?: unknown; code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current?.cause && depth < 5; depth++) current = current.cause as typeof current;
  const message = typeof current?.message === "string" && current.message ? current.message : String(current);
  return typeof current?.code === "string" ? `${message} (${current.code})` : message;
}

export function toErrorResponse(c: Context, error: unknown) {
  if (error instanceof ApiError || error instanceof DomainError) {
    const status = error instanceof ApiError ? error.status : domainStatus(error);
    const details = error instanceof DomainError ? error.details : undefined;
    return c.json(
      { error: error.message, ...(error.fields ? { fields: error.fields } : {}), ...details },
      status,
    );
  }
  if (error instanceof HTTPException) {
    // Hono's own middleware (e.g. the CSRF check answers 403) throws these: keep the status, in our shape.
    const message =
      error.message ||
      (error.status === 403 ? "This request was refused" : "The request could not be handled");
    return c.json({ error: message }, error.status);
  }
  if (error instanceof ZodError) {
    const fields = fieldMessages(error);
    return c.json({ error: Object.values(fields)[0] ?? "Invalid input", fields }, 400);
  }
  const pg = pgError(error);
  if (pg?.code === "23505") return c.json({ error: "This record already exists" }, 409);
  // 23001: an ON DELETE RESTRICT reference (PostgreSQL 17, hence PGlite, reports it apart from 23503).
  if (pg?.code === "23503" || pg?.code === "23001") {
    return c.json({ error: "This record is in use and cannot be changed" }, 409);
  }
  // 22021 (a NUL or bytes that are not UTF-8) and 22P05 (a character the database's encoding lacks):
  // text the shared schemas let through (they refuse control characters) still never makes a 500.
  if (pg?.code === "22021" || pg?.code === "22P05") {
    return c.json({ error: "The text contains characters that cannot be stored" }, 400);
  }
  if (
    pg?.code === "22P02" ||
    pg?.code === "23514" ||
    pg?.code === "22003" ||
    pg?.code === "22007" ||
    pg?.code === "22008"
  ) {
    return c.json({ error: "Invalid input" }, 400);
  }
  if (retryableSqlstate(error)) {
    // A deadlock or serialization failure that outlasted its transaction's re-runs (packages/db
    // transaction-retry.ts), or met a statement outside a transaction: that transaction was rolled
    // back whole, and the same request a moment later may well succeed.
    log().error(`Database conflict, answered 503: ${rootMessage(error)}`);
    c.header("Retry-After", String(RETRY_AFTER_CONFLICT_SECONDS));
    return c.json(
      { error: "The server is busy with another change to the same records. Please try again in a moment." },
      503,
    );
  }
  if (isDatabaseUnavailable(error)) {
    // The driver's own message: Drizzle's wrapper repeats the query's parameters (a session token).
    log().error(`Database unavailable: ${rootMessage(error)}`);
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return c.json({ error: "The service is briefly unavailable. Please try again in a few seconds." }, 503);
  }
  log().error({ err: error }, "Unexpected error");
  // The request id leads support to the request's log lines (http/request-log.ts).
  const id = currentRequestId();
  const message = "Something went wrong on our side. Please try again.";
  return c.json(
    { error: id ? `${message} If it happens again, quote this reference: ${id}.` : message },
    500,
  );
}
