import { type DatabaseEvents, TRANSACTION_ATTEMPTS } from "@pevo/db";
import { log } from "./log";

/**
 * What the server logs of its database's own events: main.ts opens the database with these, and so
 * does the test harness (a test reads the same lines). Each line carries the request's or job's id
 * (lib/log.ts).
 */
export const databaseLog: DatabaseEvents = {
  onConnectionLost: (error) => log().warn(`PostgreSQL: a pooled connection was lost: ${error.message}`),
  // packages/db transaction-retry.ts: a deadlock's victim or a serialization failure, run again.
  onTransactionRetry: ({ sqlstate, attempt, pauseMs }) =>
    log().warn(
      { sqlstate, attempt, pauseMs },
      `Transaction attempt ${attempt} of ${TRANSACTION_ATTEMPTS} failed with SQLSTATE ${sqlstate}: running it again`,
    ),
};
