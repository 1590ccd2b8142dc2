/**
 * The outbox for email (docs/adr/0012-outbox.md): every mail is a `mail` job written by
 * `enqueueMail` in the transaction of the change that causes it, and delivered by the job runner
 * (lib/jobs.ts: claimed with FOR UPDATE SKIP LOCKED, retried with back-off, `failed` after the last
 * attempt). A crash between the commit and the delivery loses nothing: the job is still pending and
 * the next worker (after a restart, or another instance) sends it. A mail is never sent otherwise.
 *
 * A request that has just committed its mail job may deliver it at once (`deliverNow`): the same
 * claim and bookkeeping as the worker's poll, so the answer can say whether it went while a failed
 * attempt is simply retried later by the worker.
 *
 * The job's payload is the mail as it was when the change committed, attachments included
 * (base64): a sent invoice or a signed copy is a record, so the mail carries what was sent.
 */
import type { Database, Executor } from "@pevo/db";
import type { TMailState } from "@pevo/shared";
import type { Config } from "../env";
import type { Deps } from "../http/context";
import { ConflictError, NotFoundError } from "../lib/domain-errors";
import {
  type JobHandlers,
  jobState,
  jobStatesByKey,
  type RunOptions,
  requeueJob,
  runJobNow,
  schedule,
} from "../lib/jobs";
import type { CompanyId, Scope } from "../lib/tenant";
import type { Mail, Mailer } from "./mailer";

export const MAIL_JOB = "mail";

type StoredMail = Omit<Mail, "attachments"> & {
  attachments?: { filename: string; contentType: string; base64: string }[];
};
type MailPayload = { mail: StoredMail; queuedAt: string };

/**
 * Queues a mail in `tx` (the change's own transaction): it is sent only if the change commits.
 * `key` names what the mail is about (e.g. `mail:invoice:<id>`), unique per company: sending the
 * same thing again queues it again under the same key, so the record shows its latest mail.
 * Answers the job's id.
 */
export async function enqueueMail(
  tx: Executor,
  scope: { companyId: CompanyId },
  key: string,
  mail: Mail,
): Promise<string> {
  const now = new Date();
  const payload: MailPayload = {
    mail: {
      ...mail,
      attachments: mail.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        base64: a.content.toString("base64"),
      })),
    },
    queuedAt: now.toISOString(),
  };
  const id = await schedule(tx, scope, { kind: MAIL_JOB, key: `mail:${key}`, runAt: now, payload });
  // A new run_at each time, so the upsert always answers the row (lib/jobs.ts schedule).
  if (!id) throw new Error(`The mail job ${key} was not queued`);
  return id;
}

export type MailDeps = { mailer: Mailer; config: Pick<Config, "appUrl"> };

export function mailJobHandlers(deps: MailDeps): JobHandlers {
  return {
    [MAIL_JOB]: async ({ tx, job, payload }) => {
      const { mail, queuedAt } = payload as MailPayload;
      await deps.mailer.send(
        {
          ...mail,
          attachments: mail.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.base64, "base64"),
          })),
        },
        // The same Message-ID on every attempt of this queuing (mail/mailer.ts: a crash after the
        // SMTP server took it sends it again, and the receiver drops the copy); a new queuing (the
        // user sends the invoice again) is a new mail.
        {
          tx,
          messageId: `<mail-${job.id}-${Date.parse(queuedAt)}@${new URL(deps.config.appUrl).hostname}>`,
        },
      );
    },
  };
}

export type MailRunner = Pick<RunOptions, "maxAttempts"> & MailDeps & { db: Database };

/**
 * Delivers a just-committed mail job now, as the worker would; answers true when it went. On
 * failure the job stays queued (retried with back-off) and this answers false.
 */
export async function deliverNow(runner: MailRunner, jobId: string): Promise<boolean> {
  const outcome = await runJobNow({ ...runner, handlers: mailJobHandlers(runner) }, jobId);
  // "none": another worker already took it; it is sent or being sent.
  return outcome === "done" || outcome === "none";
}

/** Delivers several just-committed mail jobs; true when every one went. */
export async function deliverAllNow(runner: MailRunner, jobIds: string[]): Promise<boolean> {
  let all = true;
  for (const id of jobIds) all = (await deliverNow(runner, id)) && all;
  return all;
}

const STATUS = {
  pending: "queued",
  running: "queued",
  done: "sent",
  failed: "failed",
  canceled: "failed",
} as const;

function stateOf(row: {
  id: string;
  status: keyof typeof STATUS;
  attempts: number;
  lastError: string | null;
}) {
  return { status: STATUS[row.status], attempts: row.attempts, lastError: row.lastError, jobId: row.id };
}

/** Where the company's mail with this key stands, or null when none was queued. */
export const mailState = async (
  db: Executor,
  scope: { companyId: CompanyId },
  key: string,
): Promise<TMailState | null> => {
  const job = await jobState(db, scope, MAIL_JOB, { key: `mail:${key}` });
  return job ? stateOf(job) : null;
};

/** Where one mail job stands (by id), or null when the company has no such mail. */
export const mailStateById = async (
  db: Executor,
  scope: { companyId: CompanyId },
  jobId: string,
): Promise<TMailState | null> => {
  const job = await jobState(db, scope, MAIL_JOB, { id: jobId });
  return job ? stateOf(job) : null;
};

/**
 * Where the company's mails with these keys stand, by key, in one query (a list of records, each
 * with its mail); a key with no mail queued is not in the answer.
 */
export async function mailStates(
  db: Executor,
  scope: { companyId: CompanyId },
  keys: string[],
): Promise<Map<string, TMailState>> {
  const rows = await jobStatesByKey(
    db,
    scope,
    MAIL_JOB,
    keys.map((key) => `mail:${key}`),
  );
  return new Map(rows.map(({ key, ...row }) => [key.slice("mail:".length), stateOf(row)]));
}

export const MAIL_NOT_FOUND = "Mail not found";
const MAIL_ALREADY_SENT = "This email was already sent";

/**
 * Retry: the mail job is queued again from its first attempt and delivered at once, as when it
 * was first queued (above); a mail already sent is not sent twice (409).
 */
export async function retryMail(
  scope: Scope,
  deps: Pick<Deps, "mailer" | "config">,
  jobId: string,
): Promise<TMailState> {
  await scope.db.transaction(async (tx) => {
    const requeued = await requeueJob(tx, scope, MAIL_JOB, jobId);
    if (!requeued) throw new NotFoundError(MAIL_NOT_FOUND);
    if (requeued === "done") throw new ConflictError(MAIL_ALREADY_SENT);
  });
  await deliverNow({ db: scope.db, ...deps }, jobId);
  const state = await mailStateById(scope.db, scope, jobId);
  if (!state) throw new NotFoundError(MAIL_NOT_FOUND);
  return state;
}
