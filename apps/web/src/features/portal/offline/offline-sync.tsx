import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Check, CloudOff, Download, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  dismiss,
  flush,
  listWrites,
  type QueuedUpload,
  type QueuedWrite,
  subscribe,
} from "@/lib/offline/queue";
import { SAVED_ON_PHONE } from "@/lib/offline/send";
import { queryKeys } from "@/lib/query-keys";
import { useObjectUrl } from "@/lib/use-object-url";

/** How long "Synced" stays up after the last waiting write went through. */
const SYNCED_FOR_MS = 6000;

/**
 * Registers the service worker (ADR 0014; no inline registration script: the CSP forbids it). Not
 * in development: Vite serves no sw.js there.
 */
function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // No worker (a private window, an old browser): the portal still works online.
  });
}

/** The phone's status bar takes the page's colour: amber in light, the dark background in dark. */
const THEME_COLORS = { light: "#f59e0b", dark: "#0a0a0a" };

/**
 * Keeps the theme-color meta with the theme (public/boot.js sets it before the first paint; here,
 * not in lib/theme.tsx, so the portal's first load does not grow).
 */
function followTheme() {
  const root = document.documentElement;
  const apply = () =>
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute("content", root.classList.contains("dark") ? THEME_COLORS.dark : THEME_COLORS.light);
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(root, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/** A refused photo is still on the phone: the PEVO can save it before letting it go. */
function SaveCopy({ upload }: { upload: QueuedUpload }) {
  const url = useObjectUrl(upload.file);
  if (!url) return null;
  return (
    <Button asChild size="sm" variant="outline" className="h-10">
      <a href={url} download={upload.fileName}>
        <Download aria-hidden />
        Save a copy
      </a>
    </Button>
  );
}

/**
 * The bar's height while it shows: the page ends that much lower (a spacer after it), so the last
 * lines of a job (its documents, a photo kept on the phone) can scroll out from under the bar.
 */
function useBarHeight() {
  const [bar, setBar] = useState<HTMLDivElement | null>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!bar) {
      setHeight(0);
      return;
    }
    const observer = new ResizeObserver(() => setHeight(bar.offsetHeight));
    observer.observe(bar);
    return () => observer.disconnect();
  }, [bar]);
  return { ref: setBar, height };
}

/**
 * The portal's offline bar: "Offline" with no signal, "Saved on this phone — will sync" while writes
 * wait, "Synced" once they went through, and each write the server refused (the office canceled or
 * reassigned the job meanwhile) with the server's reason until the PEVO has read it. Sends the queue
 * when the app starts and whenever the signal returns. Lazy: not in the portal's first load.
 */
export default function OfflineSync() {
  const queryClient = useQueryClient();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  const [synced, setSynced] = useState(false);
  const { ref: barRef, height: barHeight } = useBarHeight();

  useEffect(() => {
    registerServiceWorker();
    const stopFollowing = followTheme();
    let alive = true;
    let syncedTimer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () =>
      void listWrites().then((all) => {
        if (alive) setWrites(all);
      });
    const unsubscribe = subscribe((event) => {
      refresh();
      if (event.type === "changed") return;
      // What the server kept (the write, or its own version when it refused it) replaces this
      // phone's view of it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.portal });
      if (event.type !== "synced") return;
      setSynced(true);
      clearTimeout(syncedTimer);
      syncedTimer = setTimeout(() => setSynced(false), SYNCED_FOR_MS);
    });
    const goOnline = () => {
      setOnline(true);
      void flush();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    refresh();
    void flush();
    return () => {
      alive = false;
      stopFollowing();
      clearTimeout(syncedTimer);
      unsubscribe();
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
    };
  }, [queryClient]);

  const pending = writes.filter((w) => w.state === "pending");
  const conflicts = writes.filter((w) => w.state === "conflict");
  if (online && pending.length === 0 && conflicts.length === 0 && !synced) return null;

  return (
    <>
      <div aria-hidden style={{ height: barHeight }} />
      <div
        ref={barRef}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-center gap-2 p-3 md:left-auto md:w-96"
      >
        {conflicts.map((write) => (
          <div
            key={write.id}
            role="alert"
            className="pointer-events-auto w-full rounded-lg border border-destructive/50 bg-background p-3 text-sm shadow-lg"
          >
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertTriangle aria-hidden className="size-4 shrink-0" />
              Not synced: {write.label}
            </p>
            <p className="mt-1">{write.error}</p>
            <p className="mt-1 text-muted-foreground">
              {write.kept ??
                "The office's version of the job was kept; what you entered is shown above. Call the office if it is still needed."}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {write.upload ? <SaveCopy upload={write.upload} /> : null}
              <Button size="sm" variant="outline" className="h-10" onClick={() => void dismiss(write.id)}>
                Got it
              </Button>
            </div>
          </div>
        ))}
        {!online || pending.length > 0 || synced ? (
          <div
            role="status"
            data-testid="offline-status"
            className="pointer-events-auto flex w-full items-center gap-2 rounded-lg border bg-background px-3 py-2 text-sm shadow-lg"
          >
            {pending.length > 0 ? (
              <>
                {online ? (
                  <RefreshCw aria-hidden className="size-4 shrink-0 animate-spin" />
                ) : (
                  <CloudOff aria-hidden className="size-4 shrink-0" />
                )}
                <span className="min-w-0 flex-1">
                  {SAVED_ON_PHONE}
                  <span className="block text-muted-foreground">
                    {pending.length === 1 ? "1 change waiting" : `${pending.length} changes waiting`}
                    {online ? " — syncing…" : " for signal"}
                  </span>
                </span>
              </>
            ) : !online ? (
              <>
                <CloudOff aria-hidden className="size-4 shrink-0" />
                <span>Offline — what you save stays on this phone until signal returns</span>
              </>
            ) : (
              <>
                <Check aria-hidden className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                <span>Synced</span>
              </>
            )}
          </div>
        ) : null}
      </div>
    </>
  );
}
