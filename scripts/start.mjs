// npm start: install what is missing, build what is missing or stale (the web app, the server),
// then run the compiled server: node apps/server/dist/main.js (it migrates, seeds the demo company
// on an empty embedded database, and prints the URL).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(resolve(root, "node_modules/.package-lock.json"))) {
  console.log("Installing dependencies (first run)...");
  run("npm", ["install", "--no-audit", "--no-fund"]);
}
// Imported after the install: it loads esbuild from node_modules.
const { buildServer, isStale, serverEntry, serverIsStale } = await import("./build-server.mjs");

const webInputs = ["apps/web/src", "apps/web/public", "apps/web/index.html", "apps/web/vite.config.ts"];
if (
  isStale(resolve(root, "apps/web/dist/index.html"), [
    ...webInputs,
    "packages/shared/src",
    "package-lock.json",
  ])
) {
  console.log("Building the web app...");
  run("npm", ["run", "build", "--silent", "-w", "apps/web"]);
}
if (serverIsStale()) await buildServer();

const server = spawn(process.execPath, ["--enable-source-maps", serverEntry], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
