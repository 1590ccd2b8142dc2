import { writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { firstLoadGroups, OFFICE_FIRST, officeGroups, SCREENS } from "./first-load-groups";

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;
const repoRoot = resolve(import.meta.dirname, "../..");
const modulePath = (id: string) => relative(repoRoot, id.split("?")[0] ?? id);
/**
 * `npm run build` builds twice (package.json): a plain first pass into FIRST_PASS_DIR (no service
 * worker, not minified) whose chunk report gives the first-load groups of the second, the real one
 * (first-load-groups.ts). `vite build` alone builds without those groups.
 */
const FIRST_PASS_DIR = resolve(import.meta.dirname, "node_modules/.first-pass");
const firstPass = process.env.PEVO_FIRST_PASS === "1";
const DIST_DIR = resolve(import.meta.dirname, "dist");
const groupOf = firstPass
  ? new Map<string, string>()
  : firstLoadGroups(`${FIRST_PASS_DIR}/.vite/chunks.json`);
/**
 * Highest priority first: a group takes its modules' imports along (Rolldown), so the groups shared by
 * more screens claim theirs before a single screen's group would.
 */
const sharedBy = (name: string) => (name === "first-shared" ? Infinity : name.split("-").length);
const groupNames = [...new Set(groupOf.values())].sort((a, b) => sharedBy(b) - sharedBy(a));
/** /dashboard's first load beyond its page's chunk, in two files (first-load-groups.ts `officeGroups`). */
const officeGroupOf = firstPass
  ? new Map<string, string>()
  : officeGroups(`${FIRST_PASS_DIR}/.vite/chunks.json`, groupOf);

/**
 * The audited screens' route modules (first-load-groups.ts SCREENS) and the lazy chunks they preload,
 * by router pattern. The build lists each one's chunk files in dist/.vite/first-load.json and the
 * server names them in the page's HTML as module preloads (apps/server/src/http/spa.ts): the browser
 * fetches them beside the entry chunk instead of after it has run and the router has matched the
 * address. Only these and the office's /dashboard: their chunks are grouped to a few files, where
 * another screen's first load is tens of small ones.
 */
const FIRST_LOADS = [
  ...Object.values(SCREENS).map(({ pattern, first, preloaded }) => ({
    pattern,
    modules: [...first, ...preloaded],
  })),
  { pattern: "/dashboard", modules: OFFICE_FIRST },
];

/**
 * Writes dist/.vite/chunks.json: each JavaScript chunk's static and dynamic imports and the modules
 * inside it (paths from the repository root). scripts/check-bundle-budget.mjs reads it to hold the
 * PEVO portal's first load to its byte budget and keep office-only code out of it. And
 * dist/.vite/first-load.json: each FIRST_LOADS screen's chunk files beyond the entry's.
 */
function chunkReport(): Plugin {
  const path = modulePath;
  return {
    name: "pevo-chunk-report",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: Record<string, unknown> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        chunks[item.fileName] = {
          isEntry: item.isEntry,
          facadeModule: item.facadeModuleId ? path(item.facadeModuleId) : null,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          modules: item.moduleIds.map(path),
        };
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunks.json", source: JSON.stringify(chunks) });

      const items = Object.values(bundle).filter((item) => item.type === "chunk");
      const withImports = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of items.find((item) => item.fileName === fileName)?.imports ?? []) {
          withImports(imported, into);
        }
      };
      const entryLoad = new Set<string>();
      for (const item of items) if (item.isEntry) withImports(item.fileName, entryLoad);
      const firstLoads: Record<string, string[]> = {};
      for (const { pattern, modules } of FIRST_LOADS) {
        const load = new Set<string>();
        for (const module of modules) {
          const chunk =
            items.find((item) => item.facadeModuleId && path(item.facadeModuleId) === module) ??
            items.find((item) => item.moduleIds.some((id) => path(id) === module));
          if (!chunk)
            this.error(`no chunk is the route module ${module}: update first-load-groups.ts SCREENS`);
          withImports(chunk.fileName, load);
        }
        firstLoads[pattern] = [...load].filter((file) => !entryLoad.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: "asset", fileName: ".vite/first-load.json", source: JSON.stringify(firstLoads) });
    },
  };
}

/**
 * Writes each script and style sheet of the build beside itself brotli-compressed at the highest
 * quality (`name.js.br`): the server sends it to a browser that takes `br` (apps/server app.ts,
 * serveStatic's `precompressed`), 12–18 % fewer bytes than gzip on a phone's first load
 * (docs/performance.md). Compressed once here, not on every request.
 */
function precompress(outDir: string): Plugin {
  return {
    name: "pevo-precompress",
    apply: "build",
    writeBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (!/\.(js|css)$/.test(item.fileName)) continue;
        const source = item.type === "chunk" ? item.code : item.source;
        const compressed = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        });
        writeFileSync(resolve(outDir, `${item.fileName}.br`), compressed);
      }
    },
  };
}

/**
 * The installable app and its service worker (ADR 0014): the manifest, the app shell precached, and
 * the PEVO's GET /api/portal/* and /api/me answers cached network-first so an accepted job opens
 * with no signal. The portal registers the worker itself (no inline script: the CSP forbids it).
 */
const pwa = VitePWA({
  injectRegister: false,
  registerType: "autoUpdate",
  manifestFilename: "manifest.webmanifest",
  includeAssets: ["favicon.svg", "favicon.ico", "icons/apple-touch-icon.png"],
  manifest: {
    id: "/pevo",
    name: "PEVO Back Office",
    short_name: "PEVO",
    description: "Your escort jobs, steps, trip log and safety paperwork — also without signal.",
    start_url: "/pevo",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: "#f59e0b",
    background_color: "#ffffff",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,woff2}", "icons/*.png"],
    // The landing page's slides and the build's chunk report are not the portal's shell.
    globIgnores: ["landing/**", ".vite/**"],
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    // Navigations go to the server first (its 404s and headers stay true); only with no network
    // does the precached index.html answer.
    navigateFallback: null,
    runtimeCaching: [
      {
        urlPattern: ({ request }) => request.mode === "navigate",
        handler: "NetworkOnly",
        options: { precacheFallback: { fallbackURL: "index.html" } },
      },
      {
        urlPattern: ({ url, request, sameOrigin }) =>
          request.method === "GET" &&
          sameOrigin &&
          (url.pathname === "/api/me" ||
            url.pathname.startsWith("/api/me/") ||
            (url.pathname.startsWith("/api/portal/") && !url.pathname.endsWith(".pdf"))),
        handler: "NetworkFirst",
        options: {
          cacheName: "pevo-api",
          networkTimeoutSeconds: 6,
          expiration: { maxEntries: 300, maxAgeSeconds: 14 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), chunkReport(), ...(firstPass ? [] : [pwa, precompress(DIST_DIR)])],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  // The dev proxy presents the API's own origin, so the server's Origin checks accept dev requests.
  server: {
    port: 5173,
    proxy: {
      "/api": { target: api, changeOrigin: true, headers: { origin: api } },
      "/dev": { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: firstPass ? FIRST_PASS_DIR : DIST_DIR,
    emptyOutDir: true,
    minify: !firstPass,
    chunkSizeWarningLimit: 600,
    // Every browser the portal supports preloads modules itself (Safari since 17); an older one only
    // fetches a lazy route's imports one after another, which the polyfill would have spent first-load
    // bytes on (the /pevo budget, docs/performance.md).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], priority: groupNames.length + 1 },
            ...groupNames.map((name, i) => ({
              name,
              test: (id: string) => groupOf.get(modulePath(id)) === name,
              priority: groupNames.length - i,
            })),
            ...["office-first", "office-shared"].map((name) => ({
              name,
              test: (id: string) => officeGroupOf.get(modulePath(id)) === name,
              priority: 0,
              // Their modules' imports stay where they are (Rolldown would pull them in): office-first's
              // are loaded by screens outside the office too, which must not fetch the office group for
              // them; office-shared's belong to the phone screens' groups. Neither group's modules
              // import office-first's back (officeGroups), so no chunk cycle.
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
    },
  },
});
