import type { TApiError } from "@pevo/shared";

/** An API answer that was not 2xx, with the server's message and field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly code?: string,
    /** The whole error body, for answers that carry more (e.g. a double booking's `conflicts`). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE = "Cannot reach the server. Check your connection and try again.";

/** Awaits a fetch; a failure of fetch itself (offline, DNS, CORS) becomes ApiError status 0. */
export async function reachServer<R>(request: Promise<R>): Promise<R> {
  try {
    return await request;
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

/**
 * Reads an API answer: 204 is undefined, a 2xx its JSON body (null when empty), anything else an
 * ApiError with the server's `{ error, fields }` (or Better Auth's `{ message, code }`).
 * Shared by `api()` and the typed client's `call()`.
 */
export async function readResponse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const body = (data ?? {}) as Partial<TApiError> & { message?: string; code?: string };
    throw new ApiError(
      response.status,
      body.error ?? body.message ?? `Request failed (${response.status})`,
      body.fields,
      body.code,
      data,
    );
  }
  return data as T;
}

/**
 * Calls a path with the session cookie; throws ApiError with the server's message.
 * Only for Better Auth's own endpoints under /api/auth/*: they are not part of the server's
 * AppType. Every other /api route goes through the typed client (lib/api-client.ts).
 */
export async function api<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await reachServer(
    fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
  return readResponse<T>(response);
}

/** Copies the server's field messages onto a react-hook-form form. */
export function applyFieldErrors(
  error: unknown,
  setError: (name: never, error: { type: string; message: string }) => void,
): boolean {
  if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return false;
  for (const [name, message] of Object.entries(error.fields)) {
    setError(name as never, { type: "server", message });
  }
  return true;
}
