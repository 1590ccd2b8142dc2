import { ApiError } from "./api";

/** A request the server refused (bad input, unknown id, conflict): asking again gives the same answer. */
export const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The query retry rule: one more try after a server or network failure, none after a refusal. */
export const retryFailedQuery = (failureCount: number, error: unknown) =>
  failureCount < 1 && !isRefusal(error);

/** The server's own message for a refused request (bad input, conflict, offline), else the fallback. */
export function failureMessage(error: unknown, fallback: string) {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;
}
