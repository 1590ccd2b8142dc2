import { existsSync, readFileSync } from "node:fs";

/**
 * Chunk groups for the first load of the screens a phone opens first (docs/performance.md, "The web
 * app on a phone"). Left to itself the bundler splits a screen's code by which of the ~45 lazy
 * routes share each module: /pevo came in 33 files of 0.1–6 KB, and on six HTTP/1.1 connections
 * each wave of them costs a round trip. These groups put the modules of the audited screens' first
 * loads in one chunk per set of those screens that need them (at most seven), so /pevo loads the
 * entry, its route modules and up to four groups.
 *
 * The membership comes from the chunk report of a first, plain build of the same sources
 * (`npm run build` makes both passes): that report lists each chunk's modules after tree shaking,
 * which the module graph a plugin sees during the build does not (barrel files would come whole).
 * A screen not listed here that needs a grouped module loads its whole group; no office screen's
 * code is in a group, since none is in these screens' first loads (scripts/check-bundle-budget.mjs
 * checks both, on the final build).
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

type Report = Record<
  string,
  { isEntry: boolean; facadeModule: string | null; imports: string[]; modules: string[] }
>;

/**
 * Each grouped module (its path from the repository root) and the screens that load it, from a
 * plain build's chunk report; the group of a module is named by that set.
 */
export function firstLoadGroups(reportFile: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  if (!existsSync(reportFile)) return groups;
  const report: Report = JSON.parse(readFileSync(reportFile, "utf8"));
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
