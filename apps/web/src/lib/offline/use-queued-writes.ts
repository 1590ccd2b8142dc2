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
