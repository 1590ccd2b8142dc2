import { openDatabase } from "@pevo/db";
import { DEMO_ACCOUNTS, seedDemoCompany } from "@pevo/db/seed";
import { demoCompanyIds, hashPassword } from "./domain/company";
import { readConfig } from "./env";
import { removeCompany } from "./lib/company-removal";
import { createStorage } from "./lib/storage";

// npm run db:reset-demo: removes the demo company and everything it owns (lib/company-removal.ts:
// rows, logins, links, jobs, stored files), then seeds it again. Stop the server first when it uses
// the embedded database: only one process may open it.
const config = readConfig();
const database = await openDatabase(config.database);
const storage = createStorage(config.storage ?? { kind: "disk", dir: "./data/files" });
try {
  for (const id of await demoCompanyIds(database.db)) await removeCompany({ db: database.db, storage }, id);
  await seedDemoCompany(database.db, hashPassword);
} finally {
  await database.close();
}
console.log(`Demo company reset. Admin ${DEMO_ACCOUNTS.admin.email}, PEVO ${DEMO_ACCOUNTS.pevo.email}.`);
