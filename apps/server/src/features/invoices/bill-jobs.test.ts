/**
 * Bill jobs and consolidated invoices (DECISIONS 'Consolidated invoices'): one draft for several of
 * a client's completed jobs, lines grouped by job; a job is invoiced once (the invoice_jobs claim),
 * voiding frees it; another company's job is unknown.
 */
import { writeFileSync } from "node:fs";
import { clientUnbilledDays, clientUnbilledJobs, dispatches, invoiceJobs } from "@pevo/db";
import { toCents } from "@pevo/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  createTestApp,
  type JsonBody,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueJobNumber,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";

const SETUP_TIMEOUT = 180_000;

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let clientId: string;
let otherClientId: string;
let dispatchB: string;

/** A completed job of the client, its own rate confirmation (min 450.00/day). */
async function completedJob(client: string, pickupDate: string, status = "completed") {
  const rc = await t.createRateConfirmation(adminA, {
    clientId: client,
    jobNumber: uniqueJobNumber("BJ"),
    originAddress: "Houston Yard, Houston, TX",
    destinationAddress: "Dallas, TX",
    positions: [{ positionType: "lead_car", pevoId: pevo1.pevoId }],
  });
  const d = await t.createDispatch(adminA, {
    pevoId: pevo1.pevoId,
    rateConfirmationId: rc.id,
    pickupDate,
    status,
    positionType: "lead_car",
  });
  return { id: d.id as string, jobNumber: rc.jobNumber as string };
}

const bill = (dispatchIds: string[], admin = adminA, issueDate = "2025-07-01") =>
  t.as(admin)("POST", "/api/invoices/bill-jobs", { dispatchIds, issueDate });

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA, adminB, pevo1 } = await t.createTwoCompanies());
  clientId = (await t.createClient(adminA, { name: "Consolidated Client", address: "1 Main St" })).id;
  otherClientId = (await t.createClient(adminA, { name: "Other Client" })).id;
  const clientB = await t.createClient(adminB, { name: "B Client" });
  const rcB = await t.createRateConfirmation(adminB, {
    clientId: clientB.id,
    jobNumber: uniqueJobNumber("B"),
  });
  dispatchB = (await t.createDispatch(adminB, { rateConfirmationId: rcB.id, status: "completed" })).id;
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

describe("consolidated invoice", () => {
  test("three jobs: one draft, lines grouped by job, totals = Σ groups, listed no more as uninvoiced", async () => {
    const jobs = [
      await completedJob(clientId, "2025-06-03"),
      await completedJob(clientId, "2025-06-01"),
      await completedJob(clientId, "2025-06-02"),
    ];
    const list = await t.as(adminA)(
      "GET",
      `/api/invoices/bill-jobs?clientId=${clientId}&from=2025-06-01&to=2025-06-30`,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items.map((j: JsonBody) => j.pickupDate)).toEqual([
      "2025-06-01",
      "2025-06-02",
      "2025-06-03",
    ]);
    expect(list.body.items[0]).toMatchObject({
      amount: "450.00",
      hasRates: true,
      position: "Lead Car",
      pevoName: "Paula One",
    });
    const clients = await t.as(adminA)(
      "GET",
      "/api/invoices/bill-jobs/clients?from=2025-06-01&to=2025-06-30",
    );
    expect(clients.body.items).toEqual([
      {
        clientId,
        clientName: "Consolidated Client",
        jobCount: 3,
        firstPickup: "2025-06-01",
        lastPickup: "2025-06-03",
      },
    ]);

    const res = await bill(jobs.map((j) => j.id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const inv = res.body;
    expect(inv).toMatchObject({
      status: "draft",
      clientId,
      customerName: "Consolidated Client",
      issueDate: "2025-07-01",
    });
    // Billed in the order they ran.
    expect(inv.jobs.map((j: JsonBody) => j.pickupDate)).toEqual(["2025-06-01", "2025-06-02", "2025-06-03"]);
    expect(inv.jobs[0]).toMatchObject({
      position: "Lead Car",
      pevoName: "Paula One",
      destinationAddress: "Dallas, TX",
    });
    const byJob = inv.jobs.map((j: JsonBody) =>
      inv.lineItems
        .filter((l: JsonBody) => l.dispatchId === j.dispatchId)
        .reduce((sum: number, l: JsonBody) => sum + toCents(String(l.charge)), 0),
    );
    expect(byJob.every((cents: number) => cents > 0)).toBe(true);
    expect(toCents(inv.subtotal)).toBe(byJob.reduce((a: number, b: number) => a + b, 0));
    expect(inv.lineItems.every((l: JsonBody) => l.dispatchId)).toBe(true);

    const after = await t.as(adminA)(
      "GET",
      `/api/invoices/bill-jobs?clientId=${clientId}&from=2025-06-01&to=2025-06-30`,
    );
    expect(after.body).toMatchObject({ items: [], total: 0 });

    // The PDF heads each job's group and gives its subtotal.
    const pdf = await t.app.request(`${APP_URL}/api/invoices/${inv.id}/pdf`, {
      headers: { Origin: APP_URL, Cookie: adminA.cookie },
    });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    if (process.env.CONSOLIDATED_PDF_OUT) writeFileSync(process.env.CONSOLIDATED_PDF_OUT, bytes);
    const { text } = await readPdf(bytes);
    for (const job of jobs) expect(text).toContain(`Job # ${job.jobNumber}`);
    expect(text.match(/Job subtotal/g)?.length).toBe(3);
    expect(text).toContain("3 jobs");

    // A draft like any other: the office edits it, the lines keep their jobs.
    const edited = await t.as(adminA)("PUT", `/api/invoices/${inv.id}`, {
      invoiceNumber: inv.invoiceNumber,
      issueDate: inv.issueDate,
      dueDate: inv.dueDate,
      dispatchId: inv.dispatchId,
      clientId,
      customerName: inv.customerName,
      lineItems: inv.lineItems.map((l: JsonBody) => ({ ...l, charge: "100.00" })),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.subtotal).toBe(`${inv.lineItems.length * 100}.00`);
    expect(edited.body.jobs).toHaveLength(3);
  });

  test("refuses a job already invoiced, naming it; void frees the jobs", async () => {
    const a = await completedJob(clientId, "2025-05-01");
    const b = await completedJob(clientId, "2025-05-02");
    const single = await bill([a.id]);
    expect(single.status, JSON.stringify(single.body)).toBe(201);
    // One job makes a normal invoice.
    expect(single.body.jobs).toEqual([]);
    expect(single.body.lineItems.every((l: JsonBody) => l.dispatchId === null)).toBe(true);
    expect(single.body).toMatchObject({ pevoName: "Paula One", pevoPosition: "Lead Car" });

    const again = await bill([b.id, a.id]);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      `Job ${a.jobNumber} of 2025-05-01 is already invoiced on ${single.body.invoiceNumber}: void that invoice first to bill it again`,
    );
    // The single-job form refuses it too, unless a supplementary invoice is asked for.
    const form = await t.as(adminA)("POST", "/api/invoices", {
      invoiceNumber: "BJ-FORM-1",
      issueDate: "2025-07-01",
      dueDate: "2025-07-31",
      dispatchId: a.id,
      lineItems: [{ date: "2025-05-01", location: "Houston", charge: "10" }],
    });
    expect(form.status).toBe(409);

    const voided = await t.as(adminA)("POST", `/api/invoices/${single.body.id}/void`, {
      reason: "Billed on the consolidated invoice instead",
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const rebilled = await bill([b.id, a.id]);
    expect(rebilled.status, JSON.stringify(rebilled.body)).toBe(201);
    expect(rebilled.body.jobs).toHaveLength(2);
  });

  test("two concurrent requests for the same job: one wins, the other is a 409", async () => {
    const a = await completedJob(clientId, "2025-04-01");
    const b = await completedJob(clientId, "2025-04-02");
    const c = await completedJob(clientId, "2025-04-03");
    // Issued in different years: different numbers, so the job's claim is what decides.
    const results = await Promise.all([bill([a.id, b.id]), bill([b.id, c.id], adminA, "2026-07-01")]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409);
    expect(loser?.body.error).toMatch(/is already invoiced/);
    const left = await t.as(adminA)(
      "GET",
      `/api/invoices/bill-jobs?clientId=${clientId}&from=2025-04-01&to=2025-04-30`,
    );
    expect(left.body.total).toBe(1);
    // The database itself refuses a second live claim, whatever a check before it saw.
    const winner = results.find((r) => r.status === 201)?.body;
    const claims = await t.db.select().from(invoiceJobs).where(eq(invoiceJobs.dispatchId, b.id));
    expect(claims.map((claim) => [claim.invoiceId, claim.releasedAt])).toEqual([[winner.id, null]]);
    const other = await bill([await completedJob(clientId, "2025-04-04").then((j) => j.id)]);
    expect(other.status).toBe(201);
    await expect(
      t.db
        .insert(invoiceJobs)
        .values({ companyId: adminA.companyId, invoiceId: other.body.id, dispatchId: b.id }),
    ).rejects.toThrow();
  });

  test("a client with many completed jobs, paged: each job's amount is its own suggested lines' total, the count exact", async () => {
    // The list reads a page's suggestions together (suggestedLinesOf); each job must still get its
    // own rates, custom rates, trips and expenses, never a neighbour's.
    const manyId = (await t.createClient(adminA, { name: "Many Jobs Client" })).id;
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const rc = await t.createRateConfirmation(adminA, {
        clientId: manyId,
        jobNumber: uniqueJobNumber("MJ"),
        originAddress: "Houston Yard, Houston, TX",
        positions: [{ positionType: "lead_car", pevoId: pevo1.pevoId }],
        ...(i % 2 === 0
          ? { customRates: [{ name: `Permit fee ${i}`, amount: `${10 * (i + 1)}`, unit: "per_job" }] }
          : {}),
      });
      const pickupDate = `2025-08-${String(10 + i).padStart(2, "0")}`;
      const d = await t.createDispatch(adminA, {
        pevoId: pevo1.pevoId,
        rateConfirmationId: rc.id,
        pickupDate,
        status: "completed",
        positionType: "lead_car",
      });
      ids.push(d.id);
      // Trips on most jobs: miles that differ per job, a second day on some, fuel on others.
      const days = i === 6 ? 0 : i % 3 === 0 ? 2 : 1;
      for (let day = 0; day < days; day++) {
        const trip = await t.as(pevo1)("POST", "/api/portal/trip-logs", {
          tripDate: `2025-08-${String(10 + i + day).padStart(2, "0")}`,
          dispatchId: d.id,
          startLocation: "Houston, TX",
          endLocation: "Dallas, TX",
          miles: `${100 * (i + 1) + day}`,
          hours: "8",
          notes: "",
          expenses: i % 2 === 1 ? [{ type: "fuel", amount: `${20 + i}` }] : [],
        });
        expect(trip.status, JSON.stringify(trip.body)).toBe(201);
      }
    }
    const period = "from=2025-08-01&to=2025-08-31";
    const listed: JsonBody[] = [];
    for (const page of [1, 2, 3]) {
      const res = await t.as(adminA)(
        "GET",
        `/api/invoices/bill-jobs?clientId=${manyId}&${period}&page=${page}&pageSize=3`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ total: 7, totalCapped: false, page, pageSize: 3 });
      listed.push(...res.body.items);
    }
    expect(listed.map((j) => j.dispatchId)).toEqual(ids);
    for (const job of listed) {
      const single = await t.as(adminA)("GET", `/api/invoices/suggested-lines?dispatchId=${job.dispatchId}`);
      expect(single.status).toBe(200);
      const cents = single.body.items.reduce(
        (sum: number, line: JsonBody) => sum + toCents(String(line.charge)),
        0,
      );
      expect(toCents(job.amount), job.pickupDate).toBe(cents);
      expect(job.hasRates).toBe(true);
    }
    // Not all alike: the jobs differ, so a mix-up between them would show.
    expect(new Set(listed.map((j) => j.amount)).size).toBeGreaterThan(4);
    const clients = await t.as(adminA)("GET", `/api/invoices/bill-jobs/clients?clientId=${manyId}&${period}`);
    expect(clients.body).toMatchObject({
      total: 1,
      items: [{ clientId: manyId, jobCount: 7, firstPickup: "2025-08-10", lastPickup: "2025-08-16" }],
    });
    // A consolidated draft of all seven bills what the list said each job comes to.
    const inv = await bill(ids);
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(toCents(inv.body.subtotal)).toBe(listed.reduce((sum, j) => sum + toCents(j.amount), 0));
  });

  test("refuses another client's job, a job not completed, another company's job and bad input", async () => {
    const mine = await completedJob(clientId, "2025-03-01");
    const theirs = await completedJob(otherClientId, "2025-03-02");
    const pending = await completedJob(clientId, "2025-03-03", "dispatched");
    const mixed = await bill([mine.id, theirs.id]);
    expect(mixed.status).toBe(409);
    expect(mixed.body.error).toBe(
      `Job ${theirs.jobNumber} of 2025-03-02 is for Other Client: one invoice bills one client's jobs`,
    );
    const notDone = await bill([mine.id, pending.id]);
    expect(notDone.status).toBe(409);
    expect(notDone.body.error).toContain(`Job ${pending.jobNumber} of 2025-03-03 is not completed yet`);
    expect((await bill([mine.id, dispatchB])).status).toBe(404);
    expect((await bill([dispatchB], adminB)).status).toBe(201);
    const bad = await t.as(adminA)("POST", "/api/invoices/bill-jobs", { dispatchIds: [mine.id, mine.id] });
    expect(bad.status).toBe(400);
    expect((await t.as(adminA)("POST", "/api/invoices/bill-jobs", { dispatchIds: [] })).status).toBe(400);
    // Nothing was written: the job is still there to bill.
    const list = await t.as(adminA)(
      "GET",
      `/api/invoices/bill-jobs?clientId=${clientId}&from=2025-03-01&to=2025-03-01`,
    );
    expect(list.body.total).toBe(1);
    // Another company's client lists nothing.
    const foreign = await t.as(adminB)("GET", `/api/invoices/bill-jobs?clientId=${clientId}`);
    expect(foreign.body).toMatchObject({ items: [], total: 0 });
  });
});

describe("client_unbilled_jobs and client_unbilled_days (kept by triggers) stay exact", () => {
  /**
   * The kept counts (per client, and per client and pickup day) of both companies equal the same
   * counted from the jobs and their live claims; the list without a period (read from the kept rows)
   * answers what the same list walked through the jobs answers (a period that holds every job).
   */
  async function expectKeptEqualsComputed() {
    const companies = [adminA.companyId, adminB.companyId];
    const kept = await t.db
      .select({
        companyId: clientUnbilledJobs.companyId,
        clientId: clientUnbilledJobs.clientId,
        jobs: clientUnbilledJobs.jobs,
      })
      .from(clientUnbilledJobs)
      .where(inArray(clientUnbilledJobs.companyId, companies))
      .orderBy(clientUnbilledJobs.companyId, clientUnbilledJobs.clientId);
    const computed = (
      (await t.db.execute(sql`
        select d.company_id as "companyId", rc.client_id as "clientId", count(*)::int as jobs
        from dispatches d join rate_confirmations rc on rc.company_id = d.company_id and rc.id = d.rate_confirmation_id
        where d.company_id in (${adminA.companyId}, ${adminB.companyId}) and d.status = 'completed'
          and not exists (select 1 from invoice_jobs j
            where j.company_id = d.company_id and j.dispatch_id = d.id and j.released_at is null)
        group by 1, 2 order by 1, 2`)) as unknown as { rows: unknown[] }
    ).rows;
    expect(kept).toEqual(computed);
    const keptDays = await t.db
      .select({
        companyId: clientUnbilledDays.companyId,
        clientId: clientUnbilledDays.clientId,
        pickupDate: clientUnbilledDays.pickupDate,
        jobs: clientUnbilledDays.jobs,
      })
      .from(clientUnbilledDays)
      .where(inArray(clientUnbilledDays.companyId, companies))
      .orderBy(clientUnbilledDays.companyId, clientUnbilledDays.clientId, clientUnbilledDays.pickupDate);
    const computedDays = (
      (await t.db.execute(sql`
        select d.company_id as "companyId", rc.client_id as "clientId", d.pickup_date::text as "pickupDate",
          count(*)::int as jobs
        from dispatches d join rate_confirmations rc on rc.company_id = d.company_id and rc.id = d.rate_confirmation_id
        where d.company_id in (${adminA.companyId}, ${adminB.companyId}) and d.status = 'completed'
          and not exists (select 1 from invoice_jobs j
            where j.company_id = d.company_id and j.dispatch_id = d.id and j.released_at is null)
        group by 1, 2, 3 order by 1, 2, 3`)) as unknown as { rows: unknown[] }
    ).rows;
    expect(keptDays).toEqual(computedDays);
    // The list's total and its rows agree with the counts and the days.
    const list = await t.as(adminA)("GET", "/api/invoices/bill-jobs/clients?pageSize=100");
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const mine = kept.filter((r) => r.companyId === adminA.companyId);
    expect(list.body.total).toBe(mine.length);
    const spanOf = (id: string) => {
      const days = keptDays.filter((r) => r.companyId === adminA.companyId && r.clientId === id);
      return [days[0]?.pickupDate, days.at(-1)?.pickupDate];
    };
    expect(
      list.body.items.map((r: JsonBody) => [r.clientId, r.jobCount, r.firstPickup, r.lastPickup]).sort(),
    ).toEqual(mine.map((r) => [r.clientId, r.jobs, ...spanOf(r.clientId)]).sort());
    // The same answer, byte for byte, as the list walked through each client's jobs.
    const walked = await t.as(adminA)("GET", "/api/invoices/bill-jobs/clients?pageSize=100&from=1990-01-01");
    expect(walked.status, JSON.stringify(walked.body)).toBe(200);
    expect(JSON.stringify(list.body)).toBe(JSON.stringify(walked.body));
    return { kept, spans: new Map(mine.map((r) => [r.clientId, spanOf(r.clientId)])) };
  }
  const countOf = ({ kept }: Awaited<ReturnType<typeof expectKeptEqualsComputed>>, id: string) =>
    kept.find((r) => r.clientId === id)?.jobs ?? 0;
  const spanOf = ({ spans }: Awaited<ReturnType<typeof expectKeptEqualsComputed>>, id: string) =>
    spans.get(id);

  test("through completing a job, invoicing it, voiding the invoice, moving its day and its confirmation", async () => {
    const keptClient = (await t.createClient(adminA, { name: "Kept Count Client" })).id;
    let kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(0);
    expect(spanOf(kept, keptClient)).toBeUndefined();
    const a = await completedJob(keptClient, "2025-02-01", "dispatched");
    const b = await completedJob(keptClient, "2025-02-02");
    kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(1);
    expect(spanOf(kept, keptClient)).toEqual(["2025-02-02", "2025-02-02"]);
    // Completed (the PEVO's last step writes the status; the trigger follows whoever writes it).
    await t.db.update(dispatches).set({ status: "completed" }).where(eq(dispatches.id, a.id));
    kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(2);
    expect(spanOf(kept, keptClient)).toEqual(["2025-02-01", "2025-02-02"]);
    const invoiced = await bill([a.id, b.id]);
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(201);
    kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(0);
    expect(spanOf(kept, keptClient)).toBeUndefined();
    const voided = await t.as(adminA)("POST", `/api/invoices/${invoiced.body.id}/void`, {
      reason: "Wrong period",
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(2);
    expect(spanOf(kept, keptClient)).toEqual(["2025-02-01", "2025-02-02"]);
    // A single-job invoice claims its job too (the last day goes); deleting the draft releases it.
    const single = await bill([b.id]);
    expect(single.status, JSON.stringify(single.body)).toBe(201);
    kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(1);
    expect(spanOf(kept, keptClient)).toEqual(["2025-02-01", "2025-02-01"]);
    const deleted = await t.as(adminA)("DELETE", `/api/invoices/${single.body.id}`);
    expect([200, 204]).toContain(deleted.status);
    kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(2);
    expect(spanOf(kept, keptClient)).toEqual(["2025-02-01", "2025-02-02"]);
    // A job moved to another day moves the span: later than the last, then onto the other job's day,
    // then back earlier than the first.
    const moveTo = (id: string, pickupDate: string) =>
      t.db.update(dispatches).set({ pickupDate }).where(eq(dispatches.id, id));
    await moveTo(a.id, "2025-02-10");
    kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(2);
    expect(spanOf(kept, keptClient)).toEqual(["2025-02-02", "2025-02-10"]);
    await moveTo(a.id, "2025-02-02");
    kept = await expectKeptEqualsComputed();
    expect(spanOf(kept, keptClient)).toEqual(["2025-02-02", "2025-02-02"]);
    await moveTo(a.id, "2025-01-20");
    kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(2);
    expect(spanOf(kept, keptClient)).toEqual(["2025-01-20", "2025-02-02"]);
    // Back from completed, and a confirmation given to another client (its day goes along).
    await t.db.update(dispatches).set({ status: "dispatched" }).where(eq(dispatches.id, b.id));
    kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(1);
    expect(spanOf(kept, keptClient)).toEqual(["2025-01-20", "2025-01-20"]);
    const otherBefore = countOf(kept, otherClientId);
    const [rc] = await t.db
      .select({ id: dispatches.rateConfirmationId })
      .from(dispatches)
      .where(eq(dispatches.id, a.id));
    await t.db.execute(sql`update rate_confirmations set client_id = ${otherClientId} where id = ${rc?.id}`);
    kept = await expectKeptEqualsComputed();
    expect(countOf(kept, keptClient)).toBe(0);
    expect(spanOf(kept, keptClient)).toBeUndefined();
    expect(countOf(kept, otherClientId)).toBe(otherBefore + 1);
    expect(spanOf(kept, otherClientId)?.[0]).toBe("2025-01-20");
    // A completed job deleted leaves its client's count and day (one no invoice ever named).
    const c = await completedJob(keptClient, "2025-03-15");
    kept = await expectKeptEqualsComputed();
    expect(spanOf(kept, keptClient)).toEqual(["2025-03-15", "2025-03-15"]);
    await t.db.delete(dispatches).where(eq(dispatches.id, c.id));
    kept = await expectKeptEqualsComputed();
    expect(spanOf(kept, keptClient)).toBeUndefined();
  });
});
