/**
 * Durable jobs: a row in `jobs` per thing to do at a time (reminders, digests, retries), polled by
 * a worker with `SELECT ... FOR UPDATE SKIP LOCKED`. Works the same on PostgreSQL (any number of
 * server instances) and on the embedded PGlite (one process).
 *
 * Exactly once: the worker claims ONE due job in a transaction, runs its handler IN THAT
 * TRANSACTION (the handler gets `tx` and must write through it) and marks the job `done` in it. The
 * handler's effects (a mail in the outbox, a row, an activity event) and `done` commit together or
 * not at all: another worker skips the locked row, a worker that dies mid-job rolls back and the
 * row is pending again for the next one. A handler that throws is rolled back to a savepoint; the
 * job stays pending with `attempts` + 1, `last_error` and a backoff, and is `failed` after
 * `maxAttempts`. Effects outside the database (an SMTP server) cannot join the transaction: see
 * mail/mailer.ts for how a job's mail is sent.
 *
 * Scheduling is keyed: `key` names what the job is for (unique per company), so a later change
 * moves the job instead of adding another, and `cancel` drops it by key or key prefix.
 *
 * Handlers run while the job's transaction is open: on PGlite (one connection) nothing else reaches
 * the database meanwhile, so they must be short and must use `tx`, never the outer `db` (which would
 * wait for the transaction: a deadlock).
 */
import { type Database, type Executor, jobs, type Transaction, transactionWithoutRetry } from "@pevo/db";
import { and, asc, eq, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { companyIdOfScopedRow } from "./company-id";
import { log, withJobLog } from "./log";
import { type CompanyId, scoped } from "./tenant";

/** bounds of the columns (packages/db/src/schema/jobs.ts JOB_LIMITS). */
const MAX_ERROR = 2000;

export type JobSpec<P = unknown> = {
  /** The handler's name in the registry, e.g. "pickup-reminder". */
  kind: string;
  /** What the job is for, unique per company, e.g. `pickup-reminder:evening:<dispatchId>`. */
  key: string;
  runAt: Date;
  payload: P;
};

export type JobContext<P = unknown> = {
  /** The claiming transaction: write every effect through it. */
  tx: Transaction;
  companyId: CompanyId;
  payload: P;
  job: { id: string; kind: string; key: string; runAt: Date; attempts: number };
  /** The worker's clock (tests move it). */
  now: Date;
};

/**
 * What a handler may answer: nothing (the job is done), or `{ runAgainAt }` to be pending again at
 * that time (what it waits for moved, e.g. the company's time zone changed).
 */
type JobOutcome = { runAgainAt: Date } | undefined;
// biome-ignore lint/suspicious/noExplicitAny: each handler reads its own payload shape
type JobHandler<P = any> = (ctx: JobContext<P>) => Promise<JobOutcome>;
/** kind → handler. A due job of a kind without a handler fails with a clear error. */
export type JobHandlers = Record<string, JobHandler>;

/**
 * Schedules a job, or moves the company's job with the same key (an upsert on key):
 * - none yet, or pending / failed / canceled: it becomes pending at `runAt` with the new payload
 *   (attempts and last_error reset);
 * - done at the same `runAt`: left alone. It already ran for that instant, so saving a dispatch
 *   again does not send its reminder twice;
 * - done at another `runAt`: pending again. What it was for moved (e.g. the pickup is a day
 *   later), so it is due again at the new time.
 * A job being run right now (row locked by a worker) is upserted after that worker commits, with
 * the same rules applied to what it committed.
 */
export async function schedule<P>(
  tx: Executor,
  scope: { companyId: CompanyId },
  spec: JobSpec<P>,
): Promise<string | undefined> {
  return upsert(tx, scope, spec, spec.runAt, or(ne(jobs.status, "done"), ne(jobs.runAt, spec.runAt)));
}

/**
 * Schedules a job that runs at most once for its key, ever: like `schedule`, except that a job that
 * is `done` is never re-armed, whatever `runAt` says (a key that names the one occasion, e.g.
 * `credential-reminder:certification:<id>:<expiresOn>:7`, is safe to schedule again on every pass,
 * also after the company's time zone moved its instant).
 */
export async function scheduleOnce<P>(tx: Executor, scope: { companyId: CompanyId }, spec: JobSpec<P>) {
  await upsert(tx, scope, spec, spec.runAt, ne(jobs.status, "done"));
}

/**
 * Makes sure the company's job with this key runs no later than `runAt`, for a job that serves a
 * queue (e.g. document-purge): a pending one due earlier stays as it is (its run handles what is
 * due and answers `runAgainAt` for the rest); otherwise it becomes pending at `runAt`.
 */
export async function scheduleNoLaterThan<P>(
  tx: Executor,
  scope: { companyId: CompanyId },
  spec: JobSpec<P>,
) {
  await upsert(
    tx,
    scope,
    spec,
    sql`least(case when ${jobs.status} = 'pending' then ${jobs.runAt} end, excluded.run_at)`,
  );
}

/**
 * Inserts the job, or makes the existing one with its key pending again at `runAt` (where
 * `setWhere`); answers the job's id, or undefined when `setWhere` left it alone.
 */
async function upsert<P>(
  tx: Executor,
  scope: { companyId: CompanyId },
  spec: JobSpec<P>,
  runAt: Date | SQL,
  setWhere?: SQL,
): Promise<string | undefined> {
  const [row] = await tx
    .insert(jobs)
    .values({
      companyId: scope.companyId,
      kind: spec.kind,
      key: spec.key,
      runAt: spec.runAt,
      payload: spec.payload,
    })
    .onConflictDoUpdate({
      target: [jobs.companyId, jobs.key],
      set: {
        kind: spec.kind,
        runAt,
        payload: spec.payload,
        status: "pending",
        attempts: 0,
        lastError: null,
        lockedUntil: null,
        finishedAt: null,
        updatedAt: new Date(),
      },
      setWhere,
    })
    .returning({ id: jobs.id });
  return row?.id;
}

/**
 * Cancels the company's pending jobs with this key, or whose key starts with `{ prefix }`
 * (e.g. every reminder of a dispatch). Done and failed jobs keep their history.
 */
export async function cancel(
  tx: Executor,
  scope: { companyId: CompanyId },
  key: string | { prefix: string },
) {
  const match = typeof key === "string" ? eq(jobs.key, key) : sql`starts_with(${jobs.key}, ${key.prefix})`;
  await tx
    .update(jobs)
    .set({ status: "canceled", finishedAt: new Date(), updatedAt: new Date() })
    .where(scoped(jobs, scope, eq(jobs.status, "pending"), match));
}

type JobStatus = (typeof jobs.$inferSelect)["status"];

/** Where one of the company's jobs of `kind` stands (picked by id or by key), or null when it has none. */
export async function jobState(
  db: Executor,
  scope: { companyId: CompanyId },
  kind: string,
  which: { id: string } | { key: string },
): Promise<{ id: string; status: JobStatus; attempts: number; lastError: string | null } | null> {
  const [row] = await db
    .select({ id: jobs.id, status: jobs.status, attempts: jobs.attempts, lastError: jobs.lastError })
    .from(jobs)
    .where(
      scoped(
        jobs,
        scope,
        eq(jobs.kind, kind),
        "id" in which ? eq(jobs.id, which.id) : eq(jobs.key, which.key),
      ),
    );
  return row ?? null;
}

/** The company's jobs of `kind` with these keys, in one query (a key with no job is not in it). */
export async function jobStatesByKey(
  db: Executor,
  scope: { companyId: CompanyId },
  kind: string,
  keys: string[],
): Promise<{ key: string; id: string; status: JobStatus; attempts: number; lastError: string | null }[]> {
  if (keys.length === 0) return [];
  return db
    .select({
      key: jobs.key,
      id: jobs.id,
      status: jobs.status,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .where(scoped(jobs, scope, eq(jobs.kind, kind), inArray(jobs.key, keys)));
}

/**
 * Queues the company's job of `kind` again from its first attempt, due now (a Retry). A job that
 * already ran (`done`) is left alone: answers "done"; no such job: null. In `tx`, with the row
 * locked, so a worker running it meanwhile finishes first and its outcome decides.
 */
export async function requeueJob(
  tx: Transaction,
  scope: { companyId: CompanyId },
  kind: string,
  id: string,
): Promise<"requeued" | "done" | null> {
  const [job] = await tx
    .select({ status: jobs.status })
    .from(jobs)
    .where(scoped(jobs, scope, eq(jobs.kind, kind), eq(jobs.id, id)))
    .for("update");
  if (!job) return null;
  if (job.status === "done") return "done";
  const now = new Date();
  await tx
    .update(jobs)
    .set({ status: "pending", attempts: 0, lastError: null, runAt: now, finishedAt: null, updatedAt: now })
    .where(scoped(jobs, scope, eq(jobs.id, id)));
  return "requeued";
}

export type RunOptions = {
  db: Database;
  handlers: JobHandlers;
  /** Attempts before a job is `failed` (default 5). */
  maxAttempts?: number;
  /** The clock (default: the real one); due means run_at <= now(). */
  now?: () => Date;
  /** At most this many jobs per call (default 100), so a poll tick ends. */
  limit?: number;
  /** Checked before each job: once true, no further job is claimed (a shutdown lets the current one finish). */
  stopping?: () => boolean;
};

/** Delay before attempt n+1 after n failures: 30 s, 2 min, 8 min, ... capped at 6 h. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 4 ** (attempts - 1), 6 * 3600_000);

export type RunResult = { done: number; failed: number; retried: number; rescheduled: number };

/**
 * Runs the due jobs, one transaction each, until none is due (or `limit`). Safe to call from any
 * number of workers and processes at once.
 */
export async function runDueJobs(opts: RunOptions): Promise<RunResult> {
  const result: RunResult = { done: 0, failed: 0, retried: 0, rescheduled: 0 };
  const limit = opts.limit ?? 100;
  for (let i = 0; i < limit && !opts.stopping?.(); i++) {
    const outcome = await runOneDueJob(opts);
    if (outcome === "none") break;
    result[outcome]++;
  }
  return result;
}

/**
 * Runs one pending job now, whatever its `run_at`, exactly as the worker would (same claim, same
 * transaction, same retry bookkeeping): a change that has just committed its mail job delivers it
 * at once, so the caller can say whether it went (mail/mail-jobs.ts). "none": another worker holds
 * it or it is no longer pending (the worker already ran it).
 */
export async function runJobNow(opts: RunOptions, jobId: string): Promise<"none" | keyof RunResult> {
  // unscoped: the job the caller has just written (by its primary key)
  return runOneDueJob(opts, and(eq(jobs.status, "pending"), eq(jobs.id, jobId)));
}

/** Claims one due job (or the one `which` picks) and runs it in the claiming transaction. */
async function runOneDueJob(opts: RunOptions, which?: SQL): Promise<"none" | keyof RunResult> {
  const now = opts.now?.() ?? new Date();
  const maxAttempts = opts.maxAttempts ?? 5;
  // Run once, not again after a deadlock (packages/db transaction-retry.ts): handlers have effects
  // outside the database in this transaction (a mail handed to SMTP, a stored file removed by the
  // document purge) that a re-run would repeat at once. Rolled back, the job is still pending: the
  // next poll is its retry, and a mail sent again keeps its Message-ID (mail/mailer.ts).
  return transactionWithoutRetry(opts.db, async (tx) => {
    const [job] = await tx
      .select()
      .from(jobs)
      // unscoped: the worker serves every company; the handler gets the job's own company
      .where(which ?? and(eq(jobs.status, "pending"), lte(jobs.runAt, now)))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!job) return "none";
    const attempts = job.attempts + 1;
    const handler = opts.handlers[job.kind];
    let outcome: JobOutcome;
    try {
      if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}"`);
      // A savepoint: a handler that throws leaves no half-done effects, and the failure is recorded.
      // Every line the handler logs carries the job's id.
      outcome = await withJobLog(job, () =>
        tx.transaction((inner) =>
          handler({
            tx: inner,
            companyId: companyIdOfScopedRow(job),
            payload: job.payload,
            job: { id: job.id, kind: job.kind, key: job.key, runAt: job.runAt, attempts },
            now,
          }),
        ),
      );
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR) || "Error";
      const failed = attempts >= maxAttempts;
      await tx
        .update(jobs)
        .set({
          attempts,
          lastError: message,
          status: failed ? "failed" : "pending",
          runAt: failed ? job.runAt : new Date(now.getTime() + backoffMs(attempts)),
          finishedAt: failed ? now : null,
          updatedAt: new Date(),
        })
        // unscoped: the row this transaction claimed (by its primary key)
        .where(eq(jobs.id, job.id));
      withJobLog(job, () =>
        log().error(
          { key: job.key, attempt: attempts },
          `Job ${failed ? "failed for good" : "failed, will retry"}: ${message}`,
        ),
      );
      return failed ? "failed" : "retried";
    }
    const again = outcome?.runAgainAt;
    await tx
      .update(jobs)
      .set(
        again
          ? { attempts: 0, status: "pending", runAt: again, lastError: null, updatedAt: new Date() }
          : { attempts, status: "done", lastError: null, finishedAt: now, updatedAt: new Date() },
      )
      // unscoped: the row this transaction claimed (by its primary key)
      .where(eq(jobs.id, job.id));
    return again ? "rescheduled" : "done";
  });
}

export type JobWorker = {
  /** Runs the due jobs now (also what each poll does). */
  poll: () => Promise<RunResult>;
  /** Stops polling and waits for the job being run (if any) to finish; no further job is claimed. */
  stop: () => Promise<void>;
};

/**
 * Polls for due jobs every `pollMs` (default 5 s) until stopped. Started by main.ts; tests call
 * `runDueJobs` (or start their own workers).
 */
export function startJobWorker(opts: RunOptions & { pollMs?: number }): JobWorker {
  const pollMs = opts.pollMs ?? 5000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RunResult> | undefined;

  const poll = () => {
    running ??= runDueJobs({ ...opts, stopping: () => stopped }).finally(() => {
      running = undefined;
    });
    return running;
  };
  const tick = async () => {
    try {
      await poll();
    } catch (error) {
      // The database went away for a moment (a restart, a lost connection): the job's transaction
      // rolled back, so it is still pending; the next tick tries again.
      log().error(`Polling for due jobs failed: ${error instanceof Error ? error.message : error}`);
    }
    if (!stopped) timer = setTimeout(tick, pollMs);
  };
  timer = setTimeout(tick, 0);
  return {
    poll,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
