// npm run dev: the API server (restarts on change) and Vite's dev server with hot reload.
// Open http://localhost:5173; it proxies /api and /dev to the API on PORT (default 3000).
import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT ?? "3000";
const children = [
  spawn(process.execPath, ["--watch", "--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: port },
  }),
  spawn("npx", ["vite"], {
    cwd: resolve(root, "apps/web"),
    stdio: "inherit",
    env: { ...process.env, API_PORT: port },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
