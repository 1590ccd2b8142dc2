import { ApiError } from "@/lib/api";
import type { QueuedWrite } from "@/lib/offline/queue";

/** The words the PEVO sees when a write waits for signal (SPEC-style wording, ADR 0014). */
export const SAVED_ON_PHONE = "Saved on this phone — will sync";

export type Sent<T> = { queued: false; data: T } | { queued: true; id: string };

/**
 * Sends a portal write through the phone's queue (./queue, loaded on first use so it stays out of
 * the portal's first load). Online it answers the server's reply as before; with no signal it
 * answers `queued`; a refusal is the server's error as an ApiError (409).
 */
export async function sendQueued<T>(
  write: Omit<QueuedWrite, "seq" | "state" | "method" | "id" | "keyHeader"> & {
    id?: string;
    keyHeader?: boolean;
    method?: QueuedWrite["method"];
  },
): Promise<Sent<T>> {
  const { submit } = await import("./queue");
  const id = write.id ?? crypto.randomUUID();
  const result = await submit({ ...write, id, keyHeader: write.keyHeader ?? true });
  if (result.status === "sent") return { queued: false, data: result.data as T };
  if (result.status === "queued") return { queued: true, id };
  throw new ApiError(409, result.error);
}
