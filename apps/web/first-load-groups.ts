import { existsSync, readFileSync } from "node:fs";

/**
 * Chunk groups for the first load of the screens a phone opens first (docs/performance.md, "The web
 * app on a phone"). Left to itself the bundler splits a screen's code by which of the ~45 lazy
 * routes share each module: /pevo came in 33 files of 0.1–6 KB, and on six HTTP/1.1 connections
 * each wave of them costs a round trip. These groups put each audited screen's first load in few
 * files: its route modules and the modules only it needs in `first-<screen>`; the modules the
 * portal's home shares with another of these screens (the query hooks, the API client, the session,
 * the icons' base) in one `first-shared` group; the sign-in form's and the signing page's common
 * modules (zod, the form fields), which the portal does not load, in `first-auth-sign`. So /pevo
 * loads the entry and two groups, /auth and /sign three (a few KB of the shared group they do not
 * use: cheaper than a round trip).
 *
 * The membership comes from the chunk report of a first, plain build of the same sources
 * (`npm run build` makes both passes): that report lists each chunk's modules after tree shaking,
 * which the module graph a plugin sees during the build does not (barrel files would come whole).
 * A screen not listed here that needs a grouped module loads its whole group; no office screen's
 * code is in these groups, since none is in these screens' first loads (scripts/check-bundle-budget.mjs
 * checks both, on the final build). The office's /dashboard gets groups of its own (`officeGroups`).
 */

const src = (path: string) => `apps/web/src/${path}`;
const toaster = src("app/toaster.tsx");
const recentActivity = src("components/recent-activity.tsx");
/**
 * The audited screens (scripts/lighthouse.mjs), by router pattern (@pevo/shared APP_ROUTES): the
 * route modules of their first load, as the budget check names them, and the lazy chunks each
 * fetches beside its first screen. Those get groups of their own (a `Later` set), so that fetching
 * them never brings another screen's modules along. `preloaded`: the lazy chunks among them that the
 * server also names as module preloads with the route modules (vite.config.ts, first-load.json).
 */
export const SCREENS: Record<
  string,
  { pattern: string; first: string[]; beside: string[]; preloaded: string[] }
> = {
  pevo: {
    pattern: "/pevo",
    first: [src("app/layouts/pevo-layout.tsx"), src("features/portal/pages/portal-dashboard-page.tsx")],
    beside: [toaster, src("features/portal/offline/offline-sync.tsx"), recentActivity],
    // The home's recent activity, loaded lazily right after its first paint: on a phone its text is
    // the largest on screen, the LCP element.
    preloaded: [recentActivity],
  },
  auth: {
    pattern: "/auth",
    first: [src("features/auth/pages/auth-page.tsx")],
    beside: [toaster],
    preloaded: [],
  },
  sign: {
    pattern: "/sign/:token",
    first: [src("features/signing/pages/signing-page.tsx")],
    beside: [toaster],
    preloaded: [],
  },
};

/**
 * The office's audited screen, /dashboard: the admin layout and the dashboard page. It is not one of
 * SCREENS (a group shared with them took office modules into the portal's and the public pages'
 * loads, docs/performance.md); `officeGroups` gives it groups of its own.
 */
export const OFFICE_FIRST = [
  src("app/layouts/admin-layout.tsx"),
  src("features/dashboard/pages/dashboard-page.tsx"),
];
/**
 * The features whose pages are routes under the admin layout (app/router.tsx). A route left out
 * counts as outside the office: the office group only gets smaller.
 */
const OFFICE_ROUTE_FEATURES = [
  "activity",
  "calendar",
  "clients",
  "dashboard",
  "dispatches",
  "invoices",
  "pevos",
  "rate-confirmations",
  "receivables",
  "reports",
  "settings",
  "settlements",
  "tax",
];

type Report = Record<
  string,
  {
    isEntry: boolean;
    facadeModule: string | null;
    imports: string[];
    dynamicImports: string[];
    modules: string[];
  }
>;

const readReport = (reportFile: string): Report | null =>
  existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, "utf8")) : null;

/**
 * Each grouped module (its path from the repository root) and its group's name, from a plain build's
 * chunk report.
 */
export function firstLoadGroups(reportFile: string): Map<string, string> {
  const groups = new Map<string, string>();
  for (const [module, screens] of screensLoading(reportFile)) {
    const shared = screens.length > 1 && screens.includes("pevo");
    groups.set(module, `first-${shared ? "shared" : screens.join("-")}`);
  }
  // A screen's route modules join its own group: one file fewer to wait for. Other screens that
  // import one (the portal's pages, the layout) load that group with it.
  if (groups.size > 0) {
    for (const [screen, { first }] of Object.entries(SCREENS)) {
      for (const module of first) groups.set(module, `first-${screen}`);
    }
  }
  return groups;
}

/** Each module of the audited screens' first loads and the screens that load it (`<screen>Later`: beside it). */
function screensLoading(reportFile: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  const report = readReport(reportFile);
  if (!report) return groups;
  const files = Object.keys(report);
  const entry = files.find((file) => report[file]?.isEntry);
  if (!entry) return groups;
  const closure = (file: string | undefined, into: Set<string>) => {
    if (file === undefined || into.has(file)) return into;
    into.add(file);
    for (const imported of report[file]?.imports ?? []) closure(imported, into);
    return into;
  };
  const chunkOf = (module: string) => files.find((file) => report[file]?.facadeModule === module);
  const loadOf = (modules: string[], except: Set<string>) => {
    const load = new Set<string>();
    for (const module of modules) closure(chunkOf(module), load);
    return [...load].filter((file) => !except.has(file));
  };
  const entryChunks = closure(entry, new Set());
  // Route modules and lazy chunks stay their own files (each is imported by itself).
  const facades = new Set(files.map((file) => report[file]?.facadeModule).filter((m) => m !== null));
  const add = (files: string[], screen: string) => {
    for (const file of files) {
      for (const module of report[file]?.modules ?? []) {
        if (!facades.has(module)) groups.set(module, [...(groups.get(module) ?? []), screen]);
      }
    }
  };
  for (const [screen, { first, beside }] of Object.entries(SCREENS)) {
    const firstLoad = loadOf(first, entryChunks);
    add(firstLoad, screen);
    add(loadOf(beside, new Set([...entryChunks, ...firstLoad])), `${screen}Later`);
  }
  return groups;
}

/**
 * The office's two groups, each module by its group's name, taken chunk by chunk from the plain
 * build's /dashboard first load beyond its page's own chunk (without them, a dozen more small files:
 * the sidebar's and the cards' icons one by one, the shared hooks):
 * - `office-first`: the admin layout and the modules no screen outside the office loads, now or
 *   later. So none of those screens ever fetches it (scripts/check-bundle-budget.mjs checks their
 *   first loads), and its imports never import it back. Every office screen loads it.
 * - `office-shared`: the rest, the modules other screens load too (icons, the expiry helpers), but
 *   not those of the first-load groups of SCREENS (`grouped`) nor the chunks those screens fetch
 *   beside their first screen: those stay where the phone screens need them. A screen outside the
 *   office that needs one of them loads this small file whole.
 */
export function officeGroups(reportFile: string, grouped: Map<string, string>): Map<string, string> {
  const groups = new Map<string, string>();
  const report = readReport(reportFile);
  if (!report) return groups;
  const files = Object.keys(report);
  const entry = files.find((file) => report[file]?.isEntry);
  if (!entry) return groups;
  const chunk = (file: string) =>
    report[file] ?? { isEntry: false, facadeModule: null, imports: [], dynamicImports: [], modules: [] };
  const isOfficeRoute = (file: string) => {
    const facade = chunk(file).facadeModule ?? "";
    return (
      facade === src("app/layouts/admin-layout.tsx") ||
      OFFICE_ROUTE_FEATURES.some((feature) => facade.startsWith(src(`features/${feature}/pages/`)))
    );
  };
  // What a screen outside the office can load: all the entry reaches, statically or lazily, except
  // through an office route.
  const outside = new Set<string>();
  const reach = (file: string) => {
    if (outside.has(file) || isOfficeRoute(file)) return;
    outside.add(file);
    for (const next of [...chunk(file).imports, ...chunk(file).dynamicImports]) reach(next);
  };
  reach(entry);
  const [layoutChunk, pageChunk] = OFFICE_FIRST.map((module) =>
    files.find((f) => chunk(f).facadeModule === module),
  );
  const load = new Set<string>();
  const withImports = (file: string | undefined) => {
    if (file === undefined || load.has(file)) return;
    load.add(file);
    for (const next of chunk(file).imports) withImports(next);
  };
  withImports(layoutChunk);
  withImports(pageChunk);
  const phoneScreens = new Set(
    Object.values(SCREENS).flatMap(({ first, beside, preloaded }) => [...first, ...beside, ...preloaded]),
  );
  for (const file of load) {
    if (file === pageChunk || file === entry) continue;
    for (const module of chunk(file).modules) {
      if (!outside.has(file)) groups.set(module, "office-first");
      else if (!grouped.has(module) && !phoneScreens.has(module)) groups.set(module, "office-shared");
    }
  }
  return groups;
}
