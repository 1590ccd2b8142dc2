import { ApiError } from "@/lib/api";

/** The server's own message for a refused request (bad input, conflict, not found), else the fallback. */
export function failureMessage(error: unknown, fallback: string) {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}
