import { openDatabase } from "@pevo/db";
import { DEMO_ACCOUNTS, resetDemoCompany } from "@pevo/db/seed";
import { readConfig } from "./env";
import { hashPassword } from "./lib/accounts";

// npm run db:reset-demo: puts the demo company back to its seeded state (stop the server first
// when it uses the embedded database: only one process may open it).
const config = readConfig();
const database = await openDatabase(config.database);
await resetDemoCompany(database.db, hashPassword);
await database.close();
console.log(`Demo company reset. Admin ${DEMO_ACCOUNTS.admin.email}, PEVO ${DEMO_ACCOUNTS.pevo.email}.`);
