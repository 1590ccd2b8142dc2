/**
 * The portal's write queue (ADR 0014): a PEVO's accept, steps, problem reports, trip log entries
 * (new ones, edits and deletes), safety paperwork and job photos are first kept in this phone's
 * IndexedDB, each with an id made here (a photo as its Blob), then sent in order. The id goes as the
 * `Idempotency-Key` header (or is the record's own id for the paperwork; a delete names its entry,
 * and the server answers a repeat as done), so a write sent twice — the answer lost on a bad signal —
 * is kept once by the server.
 * A write the server refuses (the office canceled or reassigned the job) stays here as a conflict
 * until the PEVO has read it: never dropped silently. Loaded lazily: not in the portal's first load.
 */

const DB_NAME = "pevo-offline";
const STORE = "writes";

export type QueuedWrite = {
  /** The phone's id: the idempotency key. */
  id: string;
  /** Order of the writes (the time they were made, then a counter). */
  seq: number;
  /** What the PEVO did, in their words ("On my way — RC-1001"). */
  label: string;
  method: "POST" | "PUT" | "DELETE";
  path: string;
  /** A JSON body. */
  body?: unknown;
  /** A file for a multipart upload (a job photo), instead of `body`; at most FILE_LIMITS.maxBytes. */
  upload?: QueuedUpload;
  /** More headers (an edit's If-Match: the revision it was made on). */
  headers?: Record<string, string>;
  /** Sent with the id as Idempotency-Key (the paperwork carries the id in its body instead). */
  keyHeader: boolean;
  /** What was kept when the server refuses it, in the PEVO's words (a default otherwise). */
  kept?: string;
  /** Waiting to be sent, or refused by the server with its message. */
  state: "pending" | "conflict";
  error?: string;
};

export type QueuedUpload = { file: Blob; fileName: string; category: string };

export type SendResult =
  | { status: "sent"; data: unknown }
  | { status: "queued" }
  | { status: "conflict"; error: string };

let opening: Promise<IDBDatabase> | undefined;

function open() {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const request = work(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Every write kept on this phone, oldest first. */
export async function listWrites(): Promise<QueuedWrite[]> {
  const all = await run<QueuedWrite[]>("readonly", (s) => s.getAll());
  return all.sort((a, b) => a.seq - b.seq);
}

const put = (write: QueuedWrite) => run("readwrite", (s) => s.put(write));
const remove = (id: string) => run("readwrite", (s) => s.delete(id));

const listeners = new Set<(event: QueueEvent) => void>();
export type QueueEvent =
  | { type: "changed" }
  | { type: "synced"; write: QueuedWrite }
  | { type: "refused"; write: QueuedWrite };

/** Tells the banner when the queue changed or a write reached the server. */
export function subscribe(listener: (event: QueueEvent) => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const emit = (event: QueueEvent) => {
  for (const listener of listeners) listener(event);
};

let lastSeq = 0;
const nextSeq = () => {
  lastSeq = Math.max(Date.now(), lastSeq + 1);
  return lastSeq;
};

/** A JSON body, or a multipart form for a photo (the browser sets its Content-Type). */
function requestBody(write: QueuedWrite): { body?: BodyInit; type?: string } {
  if (write.upload) {
    const form = new FormData();
    form.set("category", write.upload.category);
    form.set("file", write.upload.file, write.upload.fileName);
    return { body: form };
  }
  if (write.body === undefined) return {};
  return { body: JSON.stringify(write.body), type: "application/json" };
}

/** The server's answer to one write: kept, refused for good, or not reached (try again later). */
async function deliver(write: QueuedWrite): Promise<SendResult> {
  let res: Response;
  try {
    const { body, type } = requestBody(write);
    res = await fetch(write.path, {
      method: write.method,
      credentials: "same-origin",
      headers: {
        ...(type ? { "Content-Type": type } : {}),
        ...(write.keyHeader ? { "Idempotency-Key": write.id } : {}),
        ...write.headers,
      },
      body,
    });
  } catch {
    return { status: "queued" };
  }
  if (res.ok) return { status: "sent", data: res.status === 204 ? null : await res.json() };
  // Signed out, rate-limited or the server down: the write waits for a later try.
  if (res.status === 401 || res.status === 429 || res.status >= 500) return { status: "queued" };
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  return { status: "conflict", error: body?.error ?? `The server refused it (${res.status})` };
}

/** The writes being sent right now, by id: a write taken back meanwhile waits for its answer. */
const sending = new Map<string, Promise<SendResult>>();
/** The writes taken back on this page (`withdraw`): never sent, though a flush already listed them. */
const withdrawn = new Set<string>();

function send(write: QueuedWrite): Promise<SendResult> {
  const sent = deliver(write);
  sending.set(write.id, sent);
  const done = () => sending.delete(write.id);
  void sent.then(done, done);
  return sent;
}

let flushing: Promise<void> | undefined;

/**
 * Sends the pending writes in the order they were made. Stops at the first one the network does
 * not reach (the later ones wait behind it, so steps keep their order); a refused one is kept as a
 * conflict and the next ones go on.
 */
export function flush(): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const write of await listWrites()) {
        if (write.state !== "pending" || withdrawn.has(write.id)) continue;
        const result = await send(write);
        if (result.status === "queued") break;
        if (result.status === "sent") {
          await remove(write.id);
          emit({ type: "synced", write });
        } else {
          const refused = { ...write, state: "conflict" as const, error: result.error };
          await put(refused);
          emit({ type: "refused", write: refused });
        }
        emit({ type: "changed" });
      }
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}

/**
 * Keeps a write on the phone and tries to send it (after any older ones). Answers the server's
 * reply when it got through, "queued" when it is waiting for signal, or the server's refusal.
 */
export async function submit(
  write: Omit<QueuedWrite, "seq" | "state" | "method"> & { method?: QueuedWrite["method"] },
): Promise<SendResult> {
  const kept: QueuedWrite = { method: "POST", ...write, seq: nextSeq(), state: "pending" };
  await put(kept);
  emit({ type: "changed" });
  const older = (await listWrites()).some((w) => w.state === "pending" && w.seq < kept.seq);
  if (older) {
    await flush();
  } else {
    // This write first, alone: its answer is the screen's.
    const result = await send(kept);
    if (result.status === "sent") {
      await remove(kept.id);
      emit({ type: "synced", write: kept });
    } else if (result.status === "conflict") {
      // Online and refused: the screen shows the server's message, nothing stays queued.
      await remove(kept.id);
    }
    emit({ type: "changed" });
    return result;
  }
  const still = (await listWrites()).find((w) => w.id === kept.id);
  if (!still) return { status: "sent", data: null };
  return still.state === "conflict" ? { status: "conflict", error: still.error ?? "" } : { status: "queued" };
}

/**
 * Keeps a write that could not be sent (a photo whose upload found no signal: its id already went
 * as the Idempotency-Key, so a copy that did reach the server is not stored twice), after the others.
 */
export async function keep(write: Omit<QueuedWrite, "seq" | "state">) {
  await put({ ...write, seq: nextSeq(), state: "pending" });
  emit({ type: "changed" });
}

/**
 * Takes back a write still waiting on this phone (a trip entry deleted before it was sent, an edit of
 * an entry deleted since), so it is never sent. One on its way at that moment is waited for: when it
 * reached the server this answers `sent` with the server's reply (what the caller undoes there, in
 * order after it); otherwise `sent: false`: it is gone from the phone, and nothing of it from the
 * server.
 */
export async function withdraw(id: string): Promise<{ sent: true; data: unknown } | { sent: false }> {
  // Read before any await: a flush that starts sending it later finds it withdrawn.
  const onItsWay = sending.get(id);
  const result = onItsWay ? await onItsWay : undefined;
  if (result?.status === "sent") return { sent: true, data: result.data };
  withdrawn.add(id);
  await remove(id);
  emit({ type: "changed" });
  return { sent: false };
}

/** The PEVO has read a conflict: the write is let go. */
export async function dismiss(id: string) {
  await remove(id);
  emit({ type: "changed" });
}
