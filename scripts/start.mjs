// npm start: install what is missing, build the web app, then run the server
// (it migrates, seeds the demo company on an empty embedded database, and prints the URL).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(resolve(root, "node_modules/.package-lock.json"))) {
  console.log("Installing dependencies (first run)...");
  run("npm", ["install", "--no-audit", "--no-fund"]);
}
console.log("Building the web app...");
run("npm", ["run", "build", "--silent"]);

const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
