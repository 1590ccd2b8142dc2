/**
 * Tenancy the database enforces: raw inserts (no service, no API) that point a row of company A at
 * a row of company B are refused by the composite (company_id, x_id) references, on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL). Also: the length / amount CHECKs, ON DELETE SET NULL keeping
 * company_id, activity texts cut to their bound, and no service query without the company filter.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  activityEvents,
  clients,
  dispatches,
  invoiceLineItems,
  invoices,
  missingRow,
  pevos,
  positions,
  rateConfirmations,
  tripLogs,
} from "@pevo/db";
import { TEXT_LIMITS } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asCompanyId } from "../../test/company-id";
import { createTestApp, rateConfirmationBody, type TestApp } from "../../test/harness";
import { recordActivity } from "../domain/activity";
import { pgError } from "./domain-errors";

const FOREIGN_KEY = "23503";
const CHECK = "23514";

/** The PostgreSQL error code a query fails with (null when it succeeds). */
async function failure(query: PromiseLike<unknown>): Promise<string | null> {
  try {
    await query;
    return null;
  } catch (error) {
    return pgError(error)?.code ?? String(error);
  }
}

let t: TestApp;
let a: { companyId: string; rcId: string; dispatchId: string; clientId: string; pevoId: string };
let b: { companyId: string; rcId: string; dispatchId: string; clientId: string; pevoId: string };

beforeAll(async () => {
  t = await createTestApp();
  const { adminA, adminB, pevo1, pevoB } = await t.createTwoCompanies();
  const setUp = async (admin: typeof adminA, pevoId: string) => {
    const client = await t.createClient(admin);
    const rc = await t.createRateConfirmation(admin, { clientId: client.id });
    const dispatch = await t.createDispatch(admin, { rateConfirmationId: rc.id, pevoId });
    return { companyId: admin.companyId, rcId: rc.id, dispatchId: dispatch.id, clientId: client.id, pevoId };
  };
  a = await setUp(adminA, pevo1.pevoId);
  b = await setUp(adminB, pevoB.pevoId);
});
afterAll(() => t?.close());

const dispatchRow = (companyId: string) => ({
  companyId,
  driverName: "Raw Insert",
  driverPhone: "555-0100",
  pickupDate: "2025-06-10",
  pickupTime: "09:00",
});

describe("composite tenant references", () => {
  it("accepts rows that point inside their own company (the control)", async () => {
    const [row = missingRow("dispatches")] = await t.db
      .insert(dispatches)
      .values({ ...dispatchRow(a.companyId), pevoId: a.pevoId, rateConfirmationId: a.rcId })
      .returning({ id: dispatches.id });
    expect(row.id).toBeTruthy();
    await t.db.delete(dispatches).where(eq(dispatches.id, row.id));
  });

  it("refuses a dispatch of A pointing at B's PEVO or B's rate confirmation", async () => {
    expect(
      await failure(t.db.insert(dispatches).values({ ...dispatchRow(a.companyId), pevoId: b.pevoId })),
    ).toBe(FOREIGN_KEY);
    expect(
      await failure(
        t.db.insert(dispatches).values({ ...dispatchRow(a.companyId), rateConfirmationId: b.rcId }),
      ),
    ).toBe(FOREIGN_KEY);
    expect(
      await failure(t.db.update(dispatches).set({ pevoId: b.pevoId }).where(eq(dispatches.id, a.dispatchId))),
    ).toBe(FOREIGN_KEY);
  });

  it("refuses a rate confirmation of A for B's client, and a position of A naming B's PEVO", async () => {
    expect(
      await failure(
        t.db.insert(rateConfirmations).values({
          companyId: a.companyId,
          clientId: b.clientId,
          jobNumber: "RAW-1",
          originAddress: "A",
          destinationAddress: "B",
          startDate: "2025-06-10",
          description: "Raw insert",
        }),
      ),
    ).toBe(FOREIGN_KEY);
    expect(
      await failure(
        t.db.insert(positions).values({
          companyId: a.companyId,
          rateConfirmationId: a.rcId,
          positionType: "lead_car",
          pevoId: b.pevoId,
        }),
      ),
    ).toBe(FOREIGN_KEY);
  });

  it("refuses an invoice of A for B's dispatch or B's client", async () => {
    const invoice = (over: Partial<typeof invoices.$inferInsert>) => ({
      companyId: a.companyId,
      dispatchId: a.dispatchId,
      invoiceNumber: `RAW-${Math.random()}`,
      issueDate: "2025-06-10",
      dueDate: "2025-07-10",
      ...over,
    });
    expect(await failure(t.db.insert(invoices).values(invoice({ dispatchId: b.dispatchId })))).toBe(
      FOREIGN_KEY,
    );
    expect(await failure(t.db.insert(invoices).values(invoice({ clientId: b.clientId })))).toBe(FOREIGN_KEY);
  });

  it("refuses a child row whose company_id differs from its parent's", async () => {
    expect(
      await failure(
        t.db
          .insert(positions)
          .values({ companyId: b.companyId, rateConfirmationId: a.rcId, positionType: "chase_car" }),
      ),
    ).toBe(FOREIGN_KEY);
    const [inv = missingRow("invoices")] = await t.db
      .insert(invoices)
      .values({
        companyId: a.companyId,
        dispatchId: a.dispatchId,
        invoiceNumber: "RAW-CHILD",
        issueDate: "2025-06-10",
        dueDate: "2025-07-10",
      })
      .returning({ id: invoices.id });
    expect(
      await failure(
        t.db
          .insert(invoiceLineItems)
          .values({ companyId: b.companyId, invoiceId: inv.id, date: "2025-06-10", location: "Yard" }),
      ),
    ).toBe(FOREIGN_KEY);
    await t.db.delete(invoices).where(eq(invoices.id, inv.id));
  });

  it("refuses a trip log of A for B's PEVO or B's dispatch, and an activity event of A naming B's PEVO", async () => {
    const trip = { companyId: a.companyId, tripDate: "2025-06-10", startLocation: "A", endLocation: "B" };
    expect(await failure(t.db.insert(tripLogs).values({ ...trip, pevoId: b.pevoId }))).toBe(FOREIGN_KEY);
    expect(
      await failure(t.db.insert(tripLogs).values({ ...trip, pevoId: a.pevoId, dispatchId: b.dispatchId })),
    ).toBe(FOREIGN_KEY);
    expect(
      await failure(
        t.db
          .insert(activityEvents)
          .values({ companyId: a.companyId, type: "pevo_dispatched", message: "x", pevoId: b.pevoId }),
      ),
    ).toBe(FOREIGN_KEY);
  });

  it("ON DELETE SET NULL empties only the reference, never company_id", async () => {
    const [pevo = missingRow("pevos")] = await t.db
      .insert(pevos)
      .values({ companyId: a.companyId, firstName: "Gone", lastName: "Soon" })
      .returning({ id: pevos.id });
    const [event = missingRow("activityEvents")] = await t.db
      .insert(activityEvents)
      .values({ companyId: a.companyId, type: "pevo_dispatched", message: "Gone Soon", pevoId: pevo.id })
      .returning({ id: activityEvents.id });
    await t.db.delete(pevos).where(eq(pevos.id, pevo.id));
    const [row] = await t.db
      .select({ companyId: activityEvents.companyId, pevoId: activityEvents.pevoId })
      .from(activityEvents)
      .where(eq(activityEvents.id, event.id));
    expect(row).toEqual({ companyId: a.companyId, pevoId: null });
  });
});

describe("length and amount CHECKs", () => {
  it("refuses an over-long text and accepts one at the bound", async () => {
    const at = "n".repeat(TEXT_LIMITS.name);
    expect(await failure(t.db.insert(clients).values({ companyId: a.companyId, name: `${at}x` }))).toBe(
      CHECK,
    );
    expect(await failure(t.db.insert(clients).values({ companyId: a.companyId, name: at }))).toBeNull();
    expect(
      await failure(
        t.db
          .update(dispatches)
          .set({ notes: "n".repeat(TEXT_LIMITS.longText + 1) })
          .where(eq(dispatches.id, a.dispatchId)),
      ),
    ).toBe(CHECK);
  });

  it("refuses amounts out of range", async () => {
    const trip = {
      companyId: a.companyId,
      pevoId: a.pevoId,
      tripDate: "2025-06-10",
      startLocation: "A",
      endLocation: "B",
    };
    expect(await failure(t.db.insert(tripLogs).values({ ...trip, hours: "24.01" }))).toBe(CHECK);
    expect(await failure(t.db.insert(tripLogs).values({ ...trip, miles: "-1" }))).toBe(CHECK);
    expect(
      await failure(
        t.db
          .insert(activityEvents)
          .values({ companyId: a.companyId, type: "payment_received", message: "x", amount: "-5" }),
      ),
    ).toBe(CHECK);
  });

  it("an amount over the bound is a 400 through the API, never a 500", async () => {
    const admin = await t.signUpAdmin();
    const client = await t.createClient(admin);
    const res = await t.as(admin)(
      "POST",
      "/api/rate-confirmations",
      rateConfirmationBody({
        clientId: client.id,
        customRates: [{ name: "Too much", amount: "1000000.01", unit: "per_job" }],
      }),
    );
    expect(res.status).toBe(400);
  });

  it("recordActivity cuts long texts to the bound with an ellipsis, so an event is never refused", async () => {
    const scope = { companyId: asCompanyId(a.companyId) };
    const long = "é".repeat(TEXT_LIMITS.activity * 2);
    await recordActivity(t.db, scope, { actorId: null, type: "rate_signed", message: long, client: long });
    const [row = missingRow("activityEvents")] = await t.db
      .select({ message: activityEvents.message, client: activityEvents.client })
      .from(activityEvents)
      .where(eq(activityEvents.type, "rate_signed"));
    expect([...row.message]).toHaveLength(TEXT_LIMITS.activity);
    expect(row.message.endsWith("…")).toBe(true);
    expect(row.client).toBe(row.message);
  });
});

/** `.where(...)` calls of a source text whose argument does not go through the company filter. */
export function unscopedWheres(source: string): string[] {
  const found: string[] = [];
  for (let at = source.indexOf(".where("); at >= 0; at = source.indexOf(".where(", at + 1)) {
    let depth = 0;
    let end = at + ".where".length;
    for (; end < source.length; end++) {
      if (source[end] === "(") depth++;
      if (source[end] === ")" && --depth === 0) break;
    }
    const argument = source.slice(at + ".where(".length, end);
    const before = source.slice(0, at).split("\n").slice(-2).join("\n");
    const helper = /^\s*(\w+)\(/.exec(argument)?.[1] ?? /^\s*(\w+)\s*$/.exec(argument)?.[1];
    const helperIsScoped =
      helper !== undefined &&
      new RegExp(`const ${helper} = [^;]*?\\b(scoped|ownCompany)\\(`, "s").test(source);
    // `// scoped: why` says the condition was built by scoped() elsewhere (a list's shared filter).
    if (
      /\b(scoped|ownCompany)\(/.test(argument) ||
      helperIsScoped ||
      before.includes("// unscoped:") ||
      before.includes("// scoped:")
    )
      continue;
    found.push(argument.trim());
  }
  return found;
}

describe("no unscoped tenant reads", () => {
  it("flags a query without the company filter (the check works)", () => {
    expect(unscopedWheres("db.select().from(pevos).where(eq(pevos.id, id))")).toEqual(["eq(pevos.id, id)"]);
    expect(unscopedWheres("db.select().from(pevos).where(scoped(pevos, scope, eq(pevos.id, id)))")).toEqual(
      [],
    );
  });

  it("every domain, service, lib and http query filters by the scope's company (or says why not)", () => {
    const src = join(import.meta.dirname, "..");
    // Every source file of the domain modules, features and lib (services, jobs, exports), and the
    // PEVO lookup.
    const sources = (dir: string) =>
      (readdirSync(join(src, dir), { recursive: true }) as string[])
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
        .map((f) => join(src, dir, f));
    const files = [
      ...sources("domain"),
      ...sources("features"),
      ...sources("lib"),
      join(src, "http", "pevo.ts"),
    ];
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.flatMap((file) =>
      unscopedWheres(readFileSync(file, "utf8")).map((where) => `${file}: ${where}`),
    );
    expect(offenders).toEqual([]);
  });
});
