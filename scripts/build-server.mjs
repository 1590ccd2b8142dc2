// Builds the API server to JavaScript: apps/server/dist/main.js (and reset-demo.js, backup.js,
// restore.js), ESM for Node,
// with a source map. The workspace packages (@pevo/shared, @pevo/db) are bundled in; every
// third-party package stays external and is loaded from node_modules at run time (PGlite's wasm,
// pdfkit's font data and drizzle's migrator find their own files there).
// Paths found relative to a source file must work from the bundle too: apps/server/dist sits at
// the same depth as apps/server/src (so app.ts's "../../web/dist" holds), and @pevo/db finds its
// migrations folder from its package root, not from import.meta.url.
// Run as a script (`node scripts/build-server.mjs [--if-stale]`) or import { buildServer, serverIsStale }.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const serverEntry = resolve(root, "apps/server/dist/main.js");
const entryPoints = {
  main: "apps/server/src/main.ts",
  "reset-demo": "apps/server/src/reset-demo.ts",
  backup: "apps/server/src/backup.ts",
  restore: "apps/server/src/restore.ts",
};
const serverInputs = ["apps/server/src", "packages/shared/src", "packages/db/src", "package-lock.json"];

/** Newest modification time (ms) under the given files and folders (0 when none exists). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path))
        if (name !== "node_modules" && name !== "dist") visit(join(path, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) visit(resolve(root, path));
  return newest;
}

/** Whether `output` is missing or older than any of `inputs`. */
export function isStale(output, inputs) {
  return !existsSync(output) || statSync(output).mtimeMs < newestMtime(inputs);
}

export const serverIsStale = () =>
  isStale(serverEntry, [...serverInputs, "scripts/build-server.mjs"]) ||
  Object.keys(entryPoints).some((name) => !existsSync(resolve(root, `apps/server/dist/${name}.js`)));

export async function buildServer() {
  const { build } = await import("esbuild");
  const started = Date.now();
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: "apps/server/dist",
    bundle: true,
    platform: "node",
    target: "node20.19",
    format: "esm",
    sourcemap: true,
    logLevel: "warning",
    plugins: [
      {
        name: "third-party-external",
        setup(b) {
          // Bare imports (packages) stay external, except our own workspace packages.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@pevo/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  console.log(`Built the server (apps/server/dist) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// `node scripts/build-server.mjs [--if-stale]`
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes("--if-stale") || serverIsStale()) await buildServer();
}
