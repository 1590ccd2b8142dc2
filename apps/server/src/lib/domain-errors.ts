/**
 * What a service throws when a request cannot be done: the business reason, never an HTTP status.
 * http/errors.ts maps each class to its status (404, 400, 409, 403) and the API's JSON shape
 * `{ error, fields? }`.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    /** Messages per input field, e.g. { "positions.0.pevoId": "Choose a PEVO from the list" }. */
    readonly fields?: Record<string, string>,
    /** More of the answer's body, e.g. { conflicts: [...] } of a double booking (domain/dispatches/booking-conflicts.ts). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The record does not exist, or belongs to another company (the same answer: 404). */
export class NotFoundError extends DomainError {}
/** The input names something that cannot be used (400). */
export class InvalidInputError extends DomainError {}
/** The change conflicts with the data: a taken number or email, a record in use (409). */
export class ConflictError extends DomainError {}
/** The caller may not do this (403). */
export class ForbiddenError extends DomainError {}

type PgError = { code?: string; constraint?: string; cause?: unknown };

/** Finds the PostgreSQL error under Drizzle's wrapper. */
export function pgError(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as PgError;
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
  }
  return undefined;
}

/** A unique violation (e.g. a number or an email taken by a concurrent request). */
export const isUniqueViolation = (error: unknown) => pgError(error)?.code === "23505";
