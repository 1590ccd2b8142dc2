// npm run dev: the API server (restarts on change) and Vite's dev server with hot reload.
// Open http://localhost:5173; it proxies /api and /dev to the API on PORT (default 3000).
// Each child runs in its own process group (node --watch and Vite start children of their own):
// Ctrl+C, SIGTERM (to this script or to `npm run dev`) or the end of this script stops both groups,
// and when one child ends, the other is stopped too.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const port = process.env.PORT ?? "3000";
const web = resolve(root, "apps/web");
// Vite itself (not npx, which would be one more process in between), wherever npm installed it.
const vitePackage = createRequire(resolve(web, "package.json")).resolve("vite/package.json");
const viteBin = resolve(dirname(vitePackage), JSON.parse(readFileSync(vitePackage, "utf8")).bin.vite);
const start = (name, args, cwd, env) => {
  // stdin ignored: a process in a background group that reads the terminal would be stopped (SIGTTIN).
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "inherit", "inherit"],
  });
  child.name = name;
  return child;
};
const children = [
  start("api", ["--watch", "--import", "tsx", "apps/server/src/main.ts"], root, {
    ...process.env,
    PORT: port,
  }),
  start("vite", [viteBin], web, {
    ...process.env,
    API_PORT: port,
  }),
];
const running = new Set(children);

/** Signals a child's whole process group; a group that is already gone is fine. */
const signalGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {}
};

let stopping = false;
let exitCode = 0;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of running) signalGroup(child, "SIGTERM");
  // Whatever still runs after 5 s is killed.
  setTimeout(() => {
    for (const child of running) signalGroup(child, "SIGKILL");
    process.exit(exitCode);
  }, 5_000).unref();
};

for (const child of children) {
  child.on("exit", (code, signal) => {
    running.delete(child);
    // Its own children (node --watch's server, Vite's workers) go with it.
    signalGroup(child, "SIGTERM");
    if (!stopping) {
      console.log(`dev: ${child.name} ended (${signal ?? `exit code ${code}`}); stopping the other one.`);
      stop(code ?? 1);
    }
    if (running.size === 0) process.exit(exitCode);
  });
}
process.on("SIGINT", () => stop(130));
process.on("SIGTERM", () => stop(143));
process.on("SIGHUP", () => stop(129));
// `npm run dev` dies of SIGTERM without passing it on (its `sh -c` goes with it): when this script's
// parent changes (it was orphaned), stop as if the signal had come here.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop(143);
}, 500).unref();
// Last resort when this script ends any other way (an uncaught error): no orphaned groups.
process.on("exit", () => {
  for (const child of running) signalGroup(child, "SIGKILL");
});
