import { resolve } from "node:path";
import { readConfig } from "./env";
import { BackupRefused, restoreDataDir } from "./lib/backup";

// npm run restore <file>: brings a backup (npm run backup) back into an empty DATA_DIR.
const config = readConfig();
if (config.database.kind === "postgres") {
  console.error(
    "DATABASE_URL is set: restore PostgreSQL with pg_restore; npm run restore is for the embedded database.",
  );
  process.exit(1);
}
const archive = process.argv[2];
if (!archive) {
  console.error("Usage: npm run restore <backup file>  (into DATA_DIR, which must be empty or missing)");
  process.exit(1);
}
try {
  const { files } = await restoreDataDir(resolve(archive), config.database.dataDir);
  console.log(`Restored ${files} files into ${config.database.dataDir}. Start the server with npm start.`);
} catch (error) {
  console.error(error instanceof BackupRefused ? error.message : error);
  process.exit(1);
}
