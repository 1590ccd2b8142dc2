/**
 * Every address the web app answers (React Router patterns: `:param` is one path segment).
 * ONE list for both sides: the web router takes its paths from here, and the server's SPA
 * fallback answers 200 for these and 404 (with the app's HTML, which shows 'Page not found')
 * for anything else. A new screen is added here first.
 */
export const APP_ROUTES = {
  landing: "/",
  auth: "/auth",
  authCallback: "/auth/callback",
  authReset: "/auth/reset",
  dashboard: "/dashboard",
  /** The owner's first-sign-in set-up (address, phone, MC/DOT, logo, time zone); skippable. */
  setup: "/setup",
  activity: "/activity",
  clients: "/clients",
  receivables: "/receivables",
  /** Completed jobs with their margin (DECISIONS 'Margin'). */
  jobsReport: "/reports/jobs",
  /** The 1099-NEC year end: W-9s, totals, the CSV and Copy B. */
  yearEnd: "/year-end",
  calendar: "/calendar",
  settings: "/settings",
  pevo: "/pevo",
  /** The public e-signature page (no session): the token is the only key. */
  sign: "/sign/:token",
  /** The public Accept / Decline page of an assignment mail (no session): the token is the key. */
  respond: "/respond/:token",
  /** The public invoice page (no session): the token is the only key. */
  invoiceView: "/i/:token",
  /** The public credit note page (no session): the token is the only key. */
  creditNoteView: "/cn/:token",
} as const;

/** The sections whose screens are routed inside the feature (`/pevos/*` in the router). */
export const APP_SECTIONS = {
  pevos: { base: "/pevos", children: ["new", "edit/:id", "reciprocity"] },
  rateConfirmations: { base: "/rate-confirmations", children: ["new", ":id"] },
  dispatching: { base: "/dispatching", children: ["new", "edit/:id", ":id"] },
  invoices: { base: "/invoices", children: ["new", "bill-jobs", "credit-notes", "edit/:id", ":id"] },
  /** PEVO pay: the settlement runs, one run, and the company's default pay plan. */
  settlements: { base: "/settlements", children: ["pay-plan", ":id"] },
} as const;

/** The PEVO portal's children of `/pevo`. */
export const PORTAL_CHILDREN = ["dispatches", "trip-log", "earnings", "profile", "settings"] as const;

/** Every full pattern, e.g. "/invoices/edit/:id". */
export const APP_ROUTE_PATTERNS: readonly string[] = [
  ...Object.values(APP_ROUTES),
  ...Object.values(APP_SECTIONS).flatMap(({ base, children }) => [
    base,
    ...children.map((child) => `${base}/${child}`),
  ]),
  ...PORTAL_CHILDREN.map((child) => `${APP_ROUTES.pevo}/${child}`),
];

/**
 * The public pages a token opens, without a session (e-signature, Accept / Decline, invoice): the
 * server's HTML of these is never indexed and never sends the token on in a Referer.
 */
export const PUBLIC_TOKEN_ROUTES: readonly string[] = [
  APP_ROUTES.sign,
  APP_ROUTES.respond,
  APP_ROUTES.invoiceView,
  APP_ROUTES.creditNoteView,
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const toRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : escapeRegExp(part)))
      .join("/")}/?$`,
  );
const PATTERN_REGEXPS = APP_ROUTE_PATTERNS.map(toRegExp);
const PUBLIC_TOKEN_REGEXPS = PUBLIC_TOKEN_ROUTES.map(toRegExp);

/** Whether a pathname is one of the app's screens (a trailing slash is allowed). */
export function isAppRoute(pathname: string): boolean {
  return PATTERN_REGEXPS.some((re) => re.test(pathname));
}

/** Whether a pathname is one of the {@link PUBLIC_TOKEN_ROUTES}. */
export function isPublicTokenRoute(pathname: string): boolean {
  return PUBLIC_TOKEN_REGEXPS.some((re) => re.test(pathname));
}
