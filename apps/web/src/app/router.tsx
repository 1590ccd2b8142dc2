import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { RouteError } from "./route-error";

type PageModule = { default: ComponentType };
/** Each screen is its own chunk: the PEVO portal never downloads admin code. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const router = createBrowserRouter([
  {
    ErrorBoundary: RouteError,
    children: [
      { path: "/", ...page(() => import("@/features/landing/pages/landing-page")) },
      { path: "/auth", ...page(() => import("@/features/auth/pages/auth-page")) },
      { path: "/auth/callback", ...page(() => import("@/features/auth/pages/callback-page")) },
      { path: "/auth/reset", ...page(() => import("@/features/auth/pages/reset-page")) },
      {
        ...page(() => import("./layouts/admin-layout")),
        children: [
          { path: "/dashboard", ...page(() => import("@/features/dashboard/pages/dashboard-page")) },
          { path: "/clients", ...page(() => import("@/features/clients/pages/clients-page")) },
          { path: "/pevos/*", ...page(() => import("@/features/pevos/pages/pevos-page")) },
          {
            path: "/rate-confirmations/*",
            ...page(() => import("@/features/rate-confirmations/pages/rate-confirmations-page")),
          },
          { path: "/dispatching/*", ...page(() => import("@/features/dispatches/pages/dispatching-page")) },
          { path: "/invoices/*", ...page(() => import("@/features/invoices/pages/invoices-page")) },
          { path: "/calendar", ...page(() => import("@/features/calendar/pages/calendar-page")) },
          { path: "/settings", ...page(() => import("@/features/settings/pages/settings-page")) },
        ],
      },
      {
        path: "/pevo",
        ...page(() => import("./layouts/pevo-layout")),
        children: [
          { index: true, ...page(() => import("@/features/portal/pages/portal-dashboard-page")) },
          { path: "dispatches", ...page(() => import("@/features/portal/pages/portal-dispatches-page")) },
          { path: "trip-log", ...page(() => import("@/features/portal/pages/portal-trip-log-page")) },
          { path: "profile", ...page(() => import("@/features/portal/pages/portal-profile-page")) },
          { path: "settings", ...page(() => import("@/features/portal/pages/portal-settings-page")) },
        ],
      },
      { path: "*", ...page(() => import("./not-found")) },
    ],
  },
]);
