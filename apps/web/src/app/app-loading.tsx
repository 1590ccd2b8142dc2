/**
 * The loading screen of a full page load: the product mark, pulsing. index.html draws the same
 * markup inside #root, so the page shows it as soon as its HTML and style sheet are in, before any
 * script has arrived; React then renders this as the router's HydrateFallback while the screen's code
 * and reads arrive (without one React Router renders nothing and warns on every load), and the
 * screen replaces it. app-loading.test.tsx holds the two copies together. An inline SVG, not an
 * icon component: the entry chunk stays small and the mark needs no request.
 */
export function AppLoading() {
  return (
    <div role="status" className="flex min-h-svh items-center justify-center">
      <svg className="size-10 animate-pulse" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#f59e0b"></rect>
        <path d="M6 21h20v3H6zM9 12h10l3 5h4v3H6v-3h3z" fill="#18181b"></path>
      </svg>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
