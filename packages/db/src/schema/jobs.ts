import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { maxLength } from "./constraints";
import { jobStatus } from "./enums";

/** Bounds of the job columns the server writes (no user input reaches them). */
export const JOB_LIMITS = { kind: 100, key: 300, lastError: 2000 } as const;

/**
 * Durable jobs (reminders, digests, retries): a row per thing to do at `run_at`, polled by the
 * worker in apps/server/src/lib/jobs.ts with SELECT ... FOR UPDATE SKIP LOCKED. The handler runs in
 * the claiming transaction and the row turns `done` in it, so a job's database effects (e.g. a
 * mail in the outbox) and its `done` commit together: exactly once across workers and restarts.
 *
 * `key` names the thing a job is for, unique per company (e.g. `pickup-reminder:evening:<dispatchId>`):
 * scheduling the same key again moves the job instead of adding one, and canceling by key or key
 * prefix drops it. `running` and `locked_until` are for a lease mode (a handler that must not hold a
 * transaction, e.g. a slow webhook); the transactional worker never commits them.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    status: jobStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    unique("jobs_company_key_key").on(t.companyId, t.key),
    index("jobs_status_run_at_idx").on(t.status, t.runAt),
    maxLength("jobs", t.kind, JOB_LIMITS.kind),
    maxLength("jobs", t.key, JOB_LIMITS.key),
    maxLength("jobs", t.lastError, JOB_LIMITS.lastError),
  ],
);
