// The web app's first-load budget, a stage of `npm test` after the build (scripts/test.mjs).
// A PEVO opens the portal on a phone on a rural road (issue "Fast on a phone", docs/performance.md):
// the JavaScript a full page load of /pevo needs — the entry chunk, its static imports, the portal
// layout and the portal's home screen with theirs — stays within PORTAL_BUDGET (gzip, as the server
// sends it), and no screen outside the office shell pulls office-only code: an office screen, the
// admin layout, the table or the calendar library, or the office's first-load group.
// Reads dist/.vite/chunks.json, written by the chunk report plugin in apps/web/vite.config.ts.
// Sizes, not timings. Prints each route's first load; exit code 1 when a check fails.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";

const dist = resolve(import.meta.dirname, "../apps/web/dist");
const reportFile = resolve(dist, ".vite/chunks.json");
const PORTAL_BUDGET = 150 * 1024;

const src = (path) => `apps/web/src/${path}`;
const portalLayout = src("app/layouts/pevo-layout.tsx");
const portalPage = (name) => [portalLayout, src(`features/portal/pages/portal-${name}-page.tsx`)];
/** Each screen outside the office shell and the route modules a full page load of it fetches. */
const ROUTES = {
  "/pevo": portalPage("dashboard"),
  "/pevo/dispatches": portalPage("dispatches"),
  "/pevo/trip-log": portalPage("trip-log"),
  "/pevo/earnings": portalPage("earnings"),
  "/pevo/profile": portalPage("profile"),
  "/pevo/settings": portalPage("settings"),
  "/": [src("features/landing/pages/landing-page.tsx")],
  "/auth": [src("features/auth/pages/auth-page.tsx")],
  "/auth/callback": [src("features/auth/pages/callback-page.tsx")],
  "/auth/reset": [src("features/auth/pages/reset-page.tsx")],
  "/sign/:token": [src("features/signing/pages/signing-page.tsx")],
  "/respond/:token": [src("features/dispatch-response/pages/dispatch-response-page.tsx")],
  "/i/:token": [src("features/public-invoice/pages/public-invoice-page.tsx")],
  "/cn/:token": [src("features/public-credit-note/pages/public-credit-note-page.tsx")],
};
const OFFICE_FEATURES = [
  "activity",
  "calendar",
  "client-credit",
  "clients",
  "credit-notes",
  "dashboard",
  "dispatches",
  "invoices",
  "pevos",
  "rate-confirmations",
  "receivables",
  "settings",
];
/** Module paths only the office screens may load. */
const OFFICE_ONLY = [
  ...OFFICE_FEATURES.map((feature) => src(`features/${feature}/`)),
  src("app/layouts/admin-layout.tsx"),
  src("components/data-table.tsx"),
  "node_modules/@tanstack/react-table/",
  "node_modules/@tanstack/table-core/",
  "node_modules/react-big-calendar/",
];

if (!existsSync(reportFile)) {
  console.error(`${reportFile} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const chunks = JSON.parse(readFileSync(reportFile, "utf8"));
const files = Object.keys(chunks);
const entry = files.find((file) => chunks[file].isEntry);
// A route module is the facade of its own chunk, or (when the build merges small chunks) one module
// of a merged chunk.
const chunkOf = (module) => {
  const file =
    files.find((f) => chunks[f].facadeModule === module) ??
    files.find((f) => chunks[f].modules.includes(module));
  if (!file) throw new Error(`no chunk is the route module ${module}: update ROUTES`);
  return file;
};
/** A chunk and everything it imports statically: what the browser fetches before running it. */
function withStaticImports(file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of chunks[file].imports) withStaticImports(imported, into);
  return into;
}
const gzipSizes = new Map();
const gzipSize = (file) => {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(resolve(dist, file))).length);
  return gzipSizes.get(file);
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const failures = [];
console.log("First load (JavaScript, gzip):");
for (const [route, modules] of Object.entries(ROUTES)) {
  const load = new Set();
  for (const file of [entry, ...modules.map(chunkOf)]) withStaticImports(file, load);
  const bytes = [...load].reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(`  ${route.padEnd(18)} ${kb(bytes).padStart(9)}  ${load.size} chunks`);
  if (route === "/pevo" && bytes > PORTAL_BUDGET) {
    failures.push(`/pevo loads ${kb(bytes)} of JavaScript (gzip), over its ${kb(PORTAL_BUDGET)} budget`);
  }
  for (const file of load) {
    // The office's own group (apps/web/first-load-groups.ts officeGroups) holds no module these screens load.
    if (file.startsWith("assets/office-first-")) failures.push(`${route} loads the office's group ${file}`);
    for (const module of chunks[file].modules) {
      if (OFFICE_ONLY.some((prefix) => module.startsWith(prefix))) {
        failures.push(`${route} loads office-only ${module} (in ${file})`);
      }
    }
  }
}
if (failures.length > 0) {
  console.error(`\n${failures.length} failed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
  process.exit(1);
}
console.log(`\nok: /pevo within ${kb(PORTAL_BUDGET)}, no office-only module outside the office`);
