/**
 * The router's HydrateFallback: shown on a full page load while the screen's code (a lazy route
 * chunk) arrives. Without one React Router renders nothing and warns on every load. A CSS ring, not
 * an icon, so the entry chunk stays small; it fades in late so that a fast load never flashes it.
 */
export function AppLoading() {
  return (
    <div role="status" className="flex min-h-svh items-center justify-center">
      <span aria-hidden className="opacity-0 [animation:app-loading-in_0.2s_ease-out_0.4s_forwards]">
        <span className="block size-8 animate-spin rounded-full border-2 border-muted border-t-primary" />
      </span>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
