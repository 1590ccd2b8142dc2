import type { toast as sonnerToast } from "sonner";

/**
 * The app's toasts: sonner's `toast.success / error / info`, with the library and the Toaster
 * loaded when the first toast is shown, not on every first load (9 KB a phone would fetch before
 * its first screen; docs/performance.md). Sonner shows a toast made before its Toaster mounted
 * once it does.
 */
type Show = typeof sonnerToast.success;
type Kind = "success" | "error" | "info";

let wanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind): Show {
  return (message, options) => {
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
    void import("sonner").then(({ toast }) => toast[kind](message, options));
    // Sonner's id; no caller reads it (the toast is made once the library has loaded).
    return options?.id ?? "";
  };
}

export const toast = { success: show("success"), error: show("error"), info: show("info") };

/** Whether a toast has been asked for yet (for `useSyncExternalStore`, with `onToasterWanted`). */
export const toasterWanted = () => wanted;

/** `listener` runs when the first toast is asked for. */
export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
