/**
 * Durable jobs: due jobs run once, not-yet-due ones wait, two workers (on PostgreSQL: two app
 * instances with their own connection pools) run each job exactly once, failures retry with backoff
 * and end `failed`, a worker that dies mid-job leaves the job to the next one, keyed reschedule and
 * cancel. Run on PGlite and with TEST_DATABASE_URL on PostgreSQL.
 */
import { type Database, jobs, mailOutbox, missingRow, type OpenedDatabase, openDatabase } from "@pevo/db";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asCompanyId } from "../../test/company-id";
import { createTestApp, type TestApp, uniqueEmail } from "../../test/harness";
import { CREDENTIALS_DIGEST } from "../domain/credentials";
import { backoffMs, cancel, type JobHandlers, runDueJobs, schedule, startJobWorker } from "./jobs";
import { log } from "./log";
import type { CompanyId } from "./tenant";

let t: TestApp;
let scope: { companyId: CompanyId };
/** A second "instance" on PostgreSQL (its own pool); the same handle on PGlite (one process). */
let second: { db: Database; close: () => Promise<void> };
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signUpAdmin();
  scope = { companyId: asCompanyId(admin.companyId) };
  // Signup scheduled the company's daily credentials digest: not a job of these tests.
  await cancel(t.db, scope, CREDENTIALS_DIGEST);
  if (t.databaseUrl) {
    const opened: OpenedDatabase = await openDatabase({ kind: "postgres", url: t.databaseUrl });
    second = { db: opened.db, close: opened.close };
  } else {
    second = { db: t.db, close: async () => {} };
  }
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const T0 = new Date("2030-01-01T12:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A unique key prefix per test, so tests do not see each other's jobs. */
function prefix() {
  run += 1;
  return `test-${run}-${Date.now()}:`;
}

/** A handler that writes a mail to the outbox in the job's transaction (the real effect of a reminder). */
const mailing: JobHandlers = {
  mail: async ({ tx, payload }) => {
    await tx.insert(mailOutbox).values({ to: payload.to, subject: "job", text: "job" });
  },
};

const mailsTo = async (to: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;
const jobRow = async (key: string) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, scope.companyId), eq(jobs.key, key)))
  )[0];

async function scheduleMail(key: string, runAt: Date) {
  const to = uniqueEmail("job");
  await schedule(t.db, scope, { kind: "mail", key, runAt, payload: { to } });
  return to;
}

describe("durable jobs", () => {
  test("a due job runs once; a job not yet due waits", async () => {
    const p = prefix();
    const due = await scheduleMail(`${p}due`, at(0));
    const later = await scheduleMail(`${p}later`, at(60));

    await runDueJobs({ db: t.db, handlers: mailing, now: () => at(1) });
    expect(await mailsTo(due)).toBe(1);
    expect(await mailsTo(later)).toBe(0);
    expect(await jobRow(`${p}due`)).toMatchObject({ status: "done", attempts: 1, lastError: null });
    expect((await jobRow(`${p}due`))?.finishedAt).toEqual(at(1));
    expect((await jobRow(`${p}later`))?.status).toBe("pending");

    // Polling again does not run it again; at its time the later one runs.
    await runDueJobs({ db: t.db, handlers: mailing, now: () => at(61) });
    expect(await mailsTo(due)).toBe(1);
    expect(await mailsTo(later)).toBe(1);
  });

  test("two workers polling at once run each job exactly once", async () => {
    const p = prefix();
    const targets: string[] = [];
    for (let i = 0; i < 12; i++) targets.push(await scheduleMail(`${p}${i}`, at(i)));
    const handlers = mailing;
    const results = await Promise.all([
      runDueJobs({ db: t.db, handlers, now: () => at(30) }),
      runDueJobs({ db: second.db, handlers, now: () => at(30) }),
      runDueJobs({ db: t.db, handlers, now: () => at(30) }),
      runDueJobs({ db: second.db, handlers, now: () => at(30) }),
    ]);
    expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(12);
    for (const to of targets) expect(await mailsTo(to)).toBe(1);
  });

  test("two started workers (the poll loops) share the due jobs, each runs once", async () => {
    const p = prefix();
    const targets: string[] = [];
    for (let i = 0; i < 6; i++) targets.push(await scheduleMail(`${p}${i}`, at(i)));
    const a = startJobWorker({ db: t.db, handlers: mailing, now: () => at(30), pollMs: 10 });
    const b = startJobWorker({
      db: second.db,
      handlers: mailing,
      now: () => at(30),
      pollMs: 10,
    });
    await Promise.all([a.poll(), b.poll()]);
    await Promise.all([a.stop(), b.stop()]);
    for (const to of targets) expect(await mailsTo(to)).toBe(1);
    for (let i = 0; i < 6; i++) expect((await jobRow(`${p}${i}`))?.status).toBe("done");
  });

  test("a failing handler is rolled back, retried with backoff, then failed with the error", async () => {
    const p = prefix();
    const key = `${p}flaky`;
    const to = uniqueEmail("flaky");
    await schedule(t.db, scope, { kind: "boom", key, runAt: at(0), payload: { to } });
    const handlers: JobHandlers = {
      boom: async ({ tx }) => {
        // The effect is written, then the handler throws: the effect must not stay.
        await tx.insert(mailOutbox).values({ to, subject: "half", text: "half" });
        throw new Error("SMTP says no");
      },
    };
    let now = at(0);
    const opts = { db: t.db, handlers, now: () => now, maxAttempts: 3 };
    expect(await runDueJobs(opts)).toMatchObject({ retried: 1 });
    let row = (await jobRow(key)) ?? missingRow("jobs");
    // The failure is logged with the job's id (the harness keeps warnings and errors in t.logs).
    expect(t.logs.at(-1)).toMatchObject({
      level: 50,
      jobId: row.id,
      jobKind: "boom",
      key,
      attempt: 1,
      msg: "Job failed, will retry: SMTP says no",
    });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP says no" });
    expect(row?.runAt).toEqual(new Date(now.getTime() + backoffMs(1)));
    expect(await mailsTo(to)).toBe(0);

    // Not before its backoff.
    expect(await runDueJobs(opts)).toMatchObject({ retried: 0, done: 0 });
    now = row.runAt;
    await runDueJobs(opts);
    row = (await jobRow(key)) ?? missingRow("jobs");
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    now = row.runAt;
    expect(await runDueJobs(opts)).toMatchObject({ failed: 1 });
    row = (await jobRow(key)) ?? missingRow("jobs");
    expect(row).toMatchObject({ status: "failed", attempts: 3, lastError: "SMTP says no" });
    expect(await mailsTo(to)).toBe(0);
    // A failed job is not picked up again.
    now = at(100_000);
    expect(await runDueJobs(opts)).toMatchObject({ failed: 0, retried: 0, done: 0 });
  });

  test("what a handler logs carries the job's id", async () => {
    const key = `${prefix()}logging`;
    await schedule(t.db, scope, { kind: "logging", key, runAt: at(0), payload: {} });
    const handlers: JobHandlers = {
      logging: async () => {
        await Promise.resolve();
        log().warn("from the handler");
      },
    };
    expect(await runDueJobs({ db: t.db, handlers, now: () => at(0) })).toMatchObject({ done: 1 });
    const row = (await jobRow(key)) ?? missingRow("jobs");
    expect(t.logs.at(-1)).toMatchObject({ msg: "from the handler", jobId: row.id, jobKind: "logging" });
  });

  test("a job of an unknown kind fails with a clear error", async () => {
    const key = `${prefix()}unknown`;
    await schedule(t.db, scope, { kind: "nobody-handles-this", key, runAt: at(0), payload: {} });
    await runDueJobs({ db: t.db, handlers: {}, now: () => at(0), maxAttempts: 1 });
    expect(await jobRow(key)).toMatchObject({
      status: "failed",
      lastError: 'No handler for jobs of kind "nobody-handles-this"',
    });
  });

  test("a worker that dies mid-job: its transaction rolls back and the next worker runs the job once", async () => {
    const p = prefix();
    const key = `${p}crash`;
    const to = await scheduleMail(key, at(0));
    // The first worker's process "dies" inside the handler: its transaction never commits.
    const dying = {
      mail: async ({ tx, payload }) => {
        await tx.insert(mailOutbox).values({ to: payload.to, subject: "job", text: "job" });
        throw Object.assign(new Error("process killed"), { killed: true });
      },
    } satisfies JobHandlers;
    // Simulate the crash: the whole transaction is abandoned (no failure bookkeeping commits).
    await expect(
      t.db.transaction(async (tx) => {
        const [claimed = missingRow("jobs")] = await tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.companyId, scope.companyId), eq(jobs.key, key)))
          .for("update", { skipLocked: true });
        await dying.mail({
          tx,
          companyId: scope.companyId,
          payload: claimed.payload,
          job: { ...claimed, attempts: 1 },
          now: at(0),
        });
      }),
    ).rejects.toThrow("process killed");
    expect(await mailsTo(to)).toBe(0);
    expect((await jobRow(key))?.status).toBe("pending");

    // A new worker (another instance, or the restarted process) runs it, once.
    await runDueJobs({ db: second.db, handlers: mailing, now: () => at(1) });
    await runDueJobs({ db: t.db, handlers: mailing, now: () => at(2) });
    expect(await mailsTo(to)).toBe(1);
    expect((await jobRow(key))?.status).toBe("done");
  });

  test("a stopped worker leaves due jobs to the next one started (restart)", async () => {
    const key = `${prefix()}restart`;
    const worker = startJobWorker({ db: t.db, handlers: mailing, now: () => at(0), pollMs: 60_000 });
    await worker.poll();
    await worker.stop();
    const to = await scheduleMail(key, at(0));
    expect(await mailsTo(to)).toBe(0);
    const restarted = startJobWorker({ db: second.db, handlers: mailing, now: () => at(1), pollMs: 60_000 });
    await restarted.poll();
    await restarted.stop();
    expect(await mailsTo(to)).toBe(1);
  });

  test("stopping a worker (shutdown) lets the job it is running finish and claims no other", async () => {
    const p = prefix();
    let entered = () => {};
    const running = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: JobHandlers = {
      "slow-mail": async ({ tx, payload }) => {
        entered();
        await released;
        await tx.insert(mailOutbox).values({ to: payload.to, subject: "job", text: "job" });
      },
    };
    // Earlier than any other test's jobs, so these two are the first claimed.
    const runAt = at(-10_000);
    const tos: [string, string] = [uniqueEmail("job"), uniqueEmail("job")];
    for (const [i, to] of tos.entries()) {
      await schedule(t.db, scope, { kind: "slow-mail", key: `${p}${i}`, runAt, payload: { to } });
    }
    const worker = startJobWorker({ db: t.db, handlers: slow, now: () => at(-10_000), pollMs: 60_000 });
    await running;
    const stopped = worker.stop();
    release();
    await stopped;
    expect((await mailsTo(tos[0])) + (await mailsTo(tos[1]))).toBe(1);
    const statuses = [(await jobRow(`${p}0`))?.status, (await jobRow(`${p}1`))?.status].sort();
    expect(statuses).toEqual(["done", "pending"]);
    await cancel(t.db, scope, { prefix: p });
  });

  test("scheduling the same key moves the job; a done job runs again only at a new time", async () => {
    const key = `${prefix()}moved`;
    const to = await scheduleMail(key, at(10));
    await schedule(t.db, scope, { kind: "mail", key, runAt: at(20), payload: { to } });
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.companyId, scope.companyId), eq(jobs.key, key))),
    ).toHaveLength(1);
    await runDueJobs({ db: t.db, handlers: mailing, now: () => at(15) });
    expect(await mailsTo(to)).toBe(0);
    await runDueJobs({ db: t.db, handlers: mailing, now: () => at(20) });
    expect(await mailsTo(to)).toBe(1);

    // Saved again with the same time: it already ran, it does not run again.
    await schedule(t.db, scope, { kind: "mail", key, runAt: at(20), payload: { to } });
    expect((await jobRow(key))?.status).toBe("done");
    await runDueJobs({ db: t.db, handlers: mailing, now: () => at(30) });
    expect(await mailsTo(to)).toBe(1);

    // Moved to a new time: due again then.
    await schedule(t.db, scope, { kind: "mail", key, runAt: at(40), payload: { to } });
    expect(await jobRow(key)).toMatchObject({ status: "pending", attempts: 0, finishedAt: null });
    await runDueJobs({ db: t.db, handlers: mailing, now: () => at(40) });
    expect(await mailsTo(to)).toBe(2);
  });

  test("a handler may ask to run again later", async () => {
    const key = `${prefix()}again`;
    await schedule(t.db, scope, { kind: "later", key, runAt: at(0), payload: {} });
    let calls = 0;
    const handlers: JobHandlers = {
      later: async () => {
        calls += 1;
        return calls === 1 ? { runAgainAt: at(50) } : undefined;
      },
    };
    expect(await runDueJobs({ db: t.db, handlers, now: () => at(0) })).toMatchObject({ rescheduled: 1 });
    expect(await jobRow(key)).toMatchObject({ status: "pending", runAt: at(50) });
    await runDueJobs({ db: t.db, handlers, now: () => at(49) });
    expect(calls).toBe(1);
    await runDueJobs({ db: t.db, handlers, now: () => at(50) });
    expect(calls).toBe(2);
    expect((await jobRow(key))?.status).toBe("done");
  });

  test("cancel by key or by prefix drops pending jobs only, in the company only", async () => {
    const p = prefix();
    const one = await scheduleMail(`${p}a:1`, at(0));
    const two = await scheduleMail(`${p}a:2`, at(0));
    const other = await scheduleMail(`${p}b:1`, at(0));
    const single = await scheduleMail(`${p}single`, at(0));
    // Another company's job with the same key is not touched.
    const adminB = await t.signUpAdmin();
    const scopeB = { companyId: asCompanyId(adminB.companyId) };
    const toB = uniqueEmail("b");
    await schedule(t.db, scopeB, { kind: "mail", key: `${p}a:1`, runAt: at(0), payload: { to: toB } });

    await cancel(t.db, scope, { prefix: `${p}a:` });
    await cancel(t.db, scope, `${p}single`);
    await runDueJobs({ db: t.db, handlers: mailing, now: () => at(1) });
    expect(await mailsTo(one)).toBe(0);
    expect(await mailsTo(two)).toBe(0);
    expect(await mailsTo(single)).toBe(0);
    expect(await mailsTo(other)).toBe(1);
    expect(await mailsTo(toB)).toBe(1);
    const canceled = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, scope.companyId), like(jobs.key, `${p}%`), eq(jobs.status, "canceled")));
    expect(canceled).toHaveLength(3);

    // A prefix with LIKE wildcards matches literally.
    const literal = await scheduleMail(`${p}x%y`, at(0));
    await cancel(t.db, scope, { prefix: `${p}x_` });
    await runDueJobs({ db: t.db, handlers: mailing, now: () => at(2) });
    expect(await mailsTo(literal)).toBe(1);

    // Rescheduling a canceled key brings it back.
    await schedule(t.db, scope, { kind: "mail", key: `${p}single`, runAt: at(3), payload: { to: single } });
    await runDueJobs({ db: t.db, handlers: mailing, now: () => at(3) });
    expect(await mailsTo(single)).toBe(1);
  });
});
