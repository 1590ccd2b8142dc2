import { APP_ROUTES as R, APP_SECTIONS as S } from "@pevo/shared";
import type { ComponentType } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { dropEarlyReads } from "@/lib/early-reads";
import { endFirstScreen } from "@/lib/first-screen";
import { AppLoading } from "./app-loading";
import { RouteError } from "./route-error";

/** A screen's module: its component and, for a first screen drawn whole, its loader (lib/first-screen.ts). */
type PageModule = { default: ComponentType; loader?: (args: LoaderFunctionArgs) => Promise<null> };
/** Each screen is its own chunk: the PEVO portal never downloads admin code. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => {
    const { default: Component, loader } = await load();
    return loader ? { Component, loader } : { Component };
  },
});

/** Paths come from @pevo/shared APP_ROUTES: the server answers 404 for anything else. */
const createRouter = () =>
  createBrowserRouter([
    {
      ErrorBoundary: RouteError,
      // A full page load waits for the screen's chunk (the routes are lazy): the fallback meanwhile.
      HydrateFallback: AppLoading,
      children: [
        { path: R.landing, ...page(() => import("@/features/landing/pages/landing-page")) },
        { path: R.auth, ...page(() => import("@/features/auth/pages/auth-page")) },
        { path: R.authCallback, ...page(() => import("@/features/auth/pages/callback-page")) },
        { path: R.authReset, ...page(() => import("@/features/auth/pages/reset-page")) },
        // Public, outside every guard and shell: the signer has no account.
        { path: R.sign, ...page(() => import("@/features/signing/pages/signing-page")) },
        {
          path: R.respond,
          ...page(() => import("@/features/dispatch-response/pages/dispatch-response-page")),
        },
        { path: R.invoiceView, ...page(() => import("@/features/public-invoice/pages/public-invoice-page")) },
        {
          path: R.creditNoteView,
          ...page(() => import("@/features/public-credit-note/pages/public-credit-note-page")),
        },
        {
          ...page(() => import("./layouts/admin-layout")),
          children: [
            // The first-sign-in set-up: admins only, drawn without the shell (admin-layout.tsx).
            { path: R.setup, ...page(() => import("@/features/settings/pages/setup-page")) },
            { path: R.dashboard, ...page(() => import("@/features/dashboard/pages/dashboard-page")) },
            { path: R.activity, ...page(() => import("@/features/activity/pages/activity-page")) },
            { path: R.clients, ...page(() => import("@/features/clients/pages/clients-page")) },
            { path: `${S.pevos.base}/*`, ...page(() => import("@/features/pevos/pages/pevos-page")) },
            {
              path: `${S.rateConfirmations.base}/*`,
              ...page(() => import("@/features/rate-confirmations/pages/rate-confirmations-page")),
            },
            {
              path: `${S.dispatching.base}/*`,
              ...page(() => import("@/features/dispatches/pages/dispatching-page")),
            },
            {
              path: `${S.invoices.base}/*`,
              ...page(() => import("@/features/invoices/pages/invoices-page")),
            },
            {
              path: `${S.settlements.base}/*`,
              ...page(() => import("@/features/settlements/pages/settlements-page")),
            },
            { path: R.receivables, ...page(() => import("@/features/receivables/pages/receivables-page")) },
            { path: R.jobsReport, ...page(() => import("@/features/reports/pages/jobs-report-page")) },
            { path: R.yearEnd, ...page(() => import("@/features/tax/pages/year-end-page")) },
            { path: R.calendar, ...page(() => import("@/features/calendar/pages/calendar-page")) },
            { path: R.settings, ...page(() => import("@/features/settings/pages/settings-page")) },
          ],
        },
        {
          path: R.pevo,
          ...page(() => import("./layouts/pevo-layout")),
          children: [
            {
              index: true,
              ...page(() => {
                // The home's recent activity (its largest text on a phone) is fetched beside the
                // screen's code, not once the screen has drawn (docs/performance.md).
                import("@/components/recent-activity").catch(() => undefined);
                return import("@/features/portal/pages/portal-dashboard-page");
              }),
            },
            { path: "dispatches", ...page(() => import("@/features/portal/pages/portal-dispatches-page")) },
            { path: "trip-log", ...page(() => import("@/features/portal/pages/portal-trip-log-page")) },
            { path: "earnings", ...page(() => import("@/features/portal/pages/portal-earnings-page")) },
            { path: "profile", ...page(() => import("@/features/portal/pages/portal-profile-page")) },
            { path: "settings", ...page(() => import("@/features/portal/pages/portal-settings-page")) },
          ],
        },
        { path: "*", ...page(() => import("./not-found")) },
      ],
    },
  ]);

/**
 * The app's router: it matches the address and starts the screen's code as it is made. Once the first
 * screen is up, route loaders stop waiting (lib/first-screen.ts); once the tab leaves it, the early
 * answers it did not take are dropped (lib/early-reads.ts).
 */
export function createAppRouter() {
  const router = createRouter();
  const firstLocation = router.state.location.key;
  const stopWatching = router.subscribe((state) => {
    if (state.initialized) endFirstScreen();
    if (state.location.key !== firstLocation) {
      dropEarlyReads();
      stopWatching();
    }
  });
  return router;
}
