import { useEffect, useState } from "react";
import type { QueuedWrite } from "./queue";

/**
 * The writes kept on this phone (ADR 0014) that `match` picks, kept current as the queue changes. The
 * queue (IndexedDB) is imported on first use, so it stays out of the portal's first load. `match`
 * must be stable (a module-level function): it is read once per queue change.
 */
export function useQueuedWrites<T extends QueuedWrite>(
  match: ((write: QueuedWrite) => write is T) | null,
): T[] {
  const [writes, setWrites] = useState<T[]>([]);
  useEffect(() => {
    if (!match) return;
    let alive = true;
    let unsubscribe = () => {};
    void import("./queue").then(({ listWrites, subscribe }) => {
      if (!alive) return;
      const refresh = () =>
        void listWrites().then((all) => {
          if (alive) setWrites(all.filter(match));
        });
      unsubscribe = subscribe(refresh);
      refresh();
    });
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [match]);
  return writes;
}

/**
 * The writes that `match` picks which reached the server while the component is shown: their effect
 * is true before the lists refetched after them say so (a deleted entry stays gone, never shown again
 * for a moment). `match` must be stable, as above.
 */
export function useSyncedWrites<T extends QueuedWrite>(match: (write: QueuedWrite) => write is T): T[] {
  const [synced, setSynced] = useState<T[]>([]);
  useEffect(() => {
    let alive = true;
    let unsubscribe = () => {};
    void import("./queue").then(({ subscribe }) => {
      if (!alive) return;
      unsubscribe = subscribe((event) => {
        if (event.type === "synced" && match(event.write)) {
          const write = event.write;
          setSynced((before) => [...before, write]);
        }
      });
    });
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [match]);
  return synced;
}
