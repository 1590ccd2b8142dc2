/**
 * What the fault tests set up and check on the demo company: a dispatch (it publishes a live
 * event), a pickup reminder made due (a durable job, lib/jobs.ts, whose mail names the dispatch's
 * driver), and the database's own view of what was saved.
 */
import { randomBytes } from "node:crypto";
import { missingRow } from "@pevo/db";
import type { Cluster } from "./cluster";
import { call, PEVO_EMAIL, type Server } from "./server";

export const DB = "app";

export const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString("hex")}`;

/** A day well ahead (YYYY-MM-DD). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function demoPevoId(cluster: Cluster): Promise<string> {
  const [row = missingRow("row")] = await cluster.query<{ id: string }>(
    DB,
    `select p.id from pevos p join "user" u on u.id = p.user_id where u.email = $1`,
    [PEVO_EMAIL],
  );
  return row.id;
}

/** POST /api/dispatches; answers the new dispatch's id. */
export async function createDispatch(
  server: Server,
  cookie: string,
  driverName: string,
  pevoId?: string,
): Promise<string> {
  const res = await call(server, "POST", "/api/dispatches", {
    cookie,
    body: {
      driverName,
      driverPhone: "(555) 123-4567",
      pickupDate: daysAhead(5),
      pickupTime: "09:00",
      allowConflict: true,
      ...(pevoId ? { pevoId } : {}),
    },
  });
  if (res.status !== 201)
    throw new Error(`POST /api/dispatches answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { id: string }).id;
}

const reminderKey = (dispatchId: string) => `pickup-reminder:${dispatchId}:two-hours`;

/**
 * Moves the dispatch's pickup to just under 2 hours from now (company time) and its two-hours
 * reminder (scheduled by the dispatch service) to `runAt`: the handler then sends it when it runs.
 */
export async function makeReminderDue(cluster: Cluster, dispatchId: string, runAt = "now()") {
  await cluster.query(
    DB,
    `update dispatches d
        set pickup_date = ((now() + interval '2 hours') at time zone c.time_zone)::date,
            pickup_time = to_char((now() + interval '2 hours') at time zone c.time_zone, 'HH24:MI')
       from companies c
      where c.id = d.company_id and d.id = $1`,
    [dispatchId],
  );
  const rows = await cluster.query(
    DB,
    `update jobs set run_at = ${runAt} where key = $1 and status = 'pending' returning id`,
    [reminderKey(dispatchId)],
  );
  if (rows.length !== 1) throw new Error(`No pending reminder job for dispatch ${dispatchId}`);
}

export async function reminderStatus(cluster: Cluster, dispatchId: string) {
  const [row] = await cluster.query<{ status: string }>(DB, "select status from jobs where key = $1", [
    reminderKey(dispatchId),
  ]);
  return row?.status;
}

/** The pickup reminders in the outbox that name this driver. */
export async function reminderMails(cluster: Cluster, driverName: string) {
  const [row = missingRow("row")] = await cluster.query<{ n: string }>(
    DB,
    `select count(*) as n from mail_outbox where subject like 'Pickup reminder%' and text like $1`,
    [`%Driver: ${driverName},%`],
  );
  return Number(row.n);
}

/** Which of these client names are saved in the database. */
export async function savedClientNames(cluster: Cluster, names: string[]) {
  const rows = await cluster.query<{ name: string }>(DB, "select name from clients where name = any($1)", [
    names,
  ]);
  return new Set(rows.map((r) => r.name));
}
