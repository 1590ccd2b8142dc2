import { resolve } from "node:path";
import { readConfig } from "./env";
import { BackupRefused, backupDataDir } from "./lib/backup";

// npm run backup [file]: one .tar.gz of the embedded database and the uploaded files (DATA_DIR),
// consistent, while the server runs or not (lib/backup.ts, docs/adr/0010).
const config = readConfig();
if (config.database.kind === "postgres") {
  console.error(
    "DATABASE_URL is set: npm run backup is for the embedded database. Back up PostgreSQL with pg_dump " +
      '(e.g. pg_dump --format=custom "$DATABASE_URL" > pevo.dump) and the uploaded files: the S3 bucket, or ' +
      "DATA_DIR/files (see README 'Backups').",
  );
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = resolve(process.argv[2] ?? `pevo-backup-${stamp}.tar.gz`);
try {
  const { files, viaServer } = await backupDataDir(config.database.dataDir, target);
  console.log(
    `Backup written: ${target} (${files} files of ${config.database.dataDir}${viaServer ? ", from the running server" : ""}).`,
  );
  if (config.storage?.kind === "s3")
    console.log(`Uploaded documents are in the S3 bucket ${config.storage.bucket}: back it up as well.`);
} catch (error) {
  console.error(error instanceof BackupRefused ? error.message : error);
  process.exit(1);
}
