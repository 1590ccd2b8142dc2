/**
 * A transaction that PostgreSQL rolled back as the loser of a race (40P01 deadlock_detected: it chose
 * this one as the victim; 40001 serialization_failure) may well succeed when run again, which is
 * what PostgreSQL's documentation asks of clients. Every top-level `db.transaction` of a handle from
 * `openDatabase` therefore runs its whole body again, up to TRANSACTION_ATTEMPTS in all, after a
 * short random pause (so two losers do not meet again at once). A re-run body must have no effect
 * outside the database (a file written, a mail sent over SMTP): such effects come before it or after
 * the commit, or the call site opts out with `transactionWithoutRetry` (docs/ARCHITECTURE.md, "A
 * transaction that loses a race is run again"). Nested `tx.transaction` calls are savepoints and are
 * never re-run on their own.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Database, Transaction } from "./index";

/** The SQLSTATEs after which a transaction is run again. */
const RETRYABLE = new Set(["40P01", "40001"]);
/** Attempts in all: the first run and two re-runs. */
export const TRANSACTION_ATTEMPTS = 3;
/** The pause before re-run n: 10–50 ms, then 20–100 ms. */
const pauseMs = (attempt: number) => attempt * (10 + Math.random() * 40);

/** The SQLSTATE of a deadlock or serialization failure, also under Drizzle's wrapper (`cause`). */
export function retryableSqlstate(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && RETRYABLE.has(code)) return code;
    current = cause;
  }
  return undefined;
}

/** A re-run about to happen: the SQLSTATE that failed attempt `attempt` (1-based), and the pause. */
export type TransactionRetry = { sqlstate: string; attempt: number; pauseMs: number };

const runOnce = new WeakMap<Database, Database["transaction"]>();

/** Makes `db.transaction` re-run its body after a deadlock or serialization failure (openDatabase). */
export function retryTransactions(db: Database, onRetry?: (retry: TransactionRetry) => void) {
  const once: Database["transaction"] = db.transaction.bind(db);
  runOnce.set(db, once);
  db.transaction = async (body, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(body, config);
      } catch (error) {
        const sqlstate = retryableSqlstate(error);
        if (!sqlstate || attempt >= TRANSACTION_ATTEMPTS) throw error;
        const pause = pauseMs(attempt);
        onRetry?.({ sqlstate, attempt, pauseMs: Math.round(pause) });
        await sleep(pause);
      }
    }
  };
}

/**
 * A transaction run once, whatever fails: for a body with an effect outside the database that must
 * not repeat at once. Its caller says why at the call site.
 */
export function transactionWithoutRetry<T>(db: Database, body: (tx: Transaction) => Promise<T>): Promise<T> {
  const once = runOnce.get(db) ?? db.transaction.bind(db);
  return once(body);
}
