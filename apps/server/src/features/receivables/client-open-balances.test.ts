/**
 * client_open_balances is kept by a trigger on invoices (migration 0051, written by hand): after every
 * operation that moves an invoice's balance (send, a partial then a full payment, a credit note, a
 * void, an invoice losing its client, a delete) each receivables group's kept balance and count must
 * be what grouping the open invoices directly gives, and Receivables' default order (largest balance
 * first, read from the kept rows) must list the same rows as its grouping sorts.
 */
import { clientOpenBalances, invoices } from "@pevo/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type JsonBody, type SignedUpAdmin, type TestApp } from "../../../test/harness";
import { openWithBalance } from "../../domain/invoices";

let t: TestApp;
let a: SignedUpAdmin;
let b: SignedUpAdmin;
const jobs: Record<string, { dispatchId: string; clientId: string; name: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await t.signUpAdmin({ companyName: "Kept Balances A" });
  b = await t.signUpAdmin({ companyName: "Kept Balances B" });
  for (const [key, admin, name] of [
    ["acme", a, "Acme Hauling"],
    ["bolt", a, "Bolt Transport"],
    ["bravo", b, "Bravo"],
  ] as const) {
    const client = await t.createClient(admin, { name, email: `ap@${key}.test` });
    const rc = await t.createRateConfirmation(admin, { clientId: client.id });
    const d = await t.createDispatch(admin, { rateConfirmationId: rc.id });
    jobs[key] = { dispatchId: d.id, clientId: client.id, name };
  }
}, 180_000);
afterAll(() => t?.close());

type Invoice = JsonBody & { id: string };
let n = 0;

/** A draft for a job's client (or, with walkIn, for no client under that name), `amount` on one line. */
async function draft(admin: SignedUpAdmin, job: string, amount: string, walkIn?: string): Promise<Invoice> {
  n += 1;
  const { dispatchId, clientId, name } = jobs[job] ?? { dispatchId: "", clientId: "", name: "" };
  const res = await t.as(admin)("POST", "/api/invoices", {
    invoiceNumber: `KOB-${n}-${Math.random().toString(36).slice(2, 6)}`,
    issueDate: "2026-03-01",
    dueDate: `2026-03-${String(10 + n).padStart(2, "0")}`,
    dispatchId,
    ...(walkIn ? { customerName: walkIn } : { clientId, customerName: name }),
    customerAddress: "1 Main St\nHouston, TX",
    lineItems: [{ kind: "day", date: "2026-03-01", location: "Houston, TX", mileage: "0", charge: amount }],
    allowAdditional: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Invoice;
}

async function ok(admin: SignedUpAdmin, path: string, body: JsonBody, status = 200) {
  const res = await t.as(admin)("POST", path, body);
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}
const send = (admin: SignedUpAdmin, id: string) =>
  ok(admin, `/api/invoices/${id}/send`, { to: "ap@kept.test" });
const pay = (admin: SignedUpAdmin, id: string, amount: string) =>
  ok(admin, `/api/invoices/${id}/payments`, { date: "2026-03-10", amount, method: "check" }, 201);

/** The kept rows of both companies, and the same figures grouped from the open invoices. */
async function expectKeptEqualsComputed() {
  const companies = [a.companyId, b.companyId];
  const kept = await t.db
    .select({
      companyId: clientOpenBalances.companyId,
      clientId: clientOpenBalances.clientId,
      walkInName: clientOpenBalances.walkInName,
      balance: sql<string>`${clientOpenBalances.balance}::text`,
      invoices: clientOpenBalances.invoices,
    })
    .from(clientOpenBalances)
    .where(inArray(clientOpenBalances.companyId, companies))
    .orderBy(clientOpenBalances.companyId, clientOpenBalances.groupKey);
  const walkIn = sql<string | null>`case when ${invoices.clientId} is null then ${invoices.customerName} end`;
  const key = sql`coalesce(${invoices.clientId}::text, 'name:' || ${walkIn}, 'none')`;
  const computed = await t.db
    .select({
      companyId: invoices.companyId,
      clientId: invoices.clientId,
      walkInName: walkIn,
      balance: sql<string>`sum(${invoices.total} - ${invoices.amountPaid})::numeric(16,2)::text`,
      invoices: sql<number>`count(*)::int`,
    })
    .from(invoices)
    .where(and(inArray(invoices.companyId, companies), openWithBalance()))
    .groupBy(invoices.companyId, invoices.clientId, walkIn)
    .orderBy(invoices.companyId, key);
  expect(kept).toEqual(computed);
  // The default order (from the kept rows) lists what the grouping does, sorted by balance.
  for (const admin of [a, b]) {
    const get = async (query: string) => {
      const res = await t.as(admin)("GET", `/api/receivables?pageSize=100${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as {
        items: { balance: string; clientName: string }[];
        total: number;
        totals: JsonBody;
      };
    };
    const byBalance = await get("");
    const grouped = await get("&sort=clientName&dir=asc");
    const sorted = [...grouped.items].sort(
      (x, y) => Number(y.balance) - Number(x.balance) || (x.clientName < y.clientName ? -1 : 1),
    );
    expect(byBalance.items).toEqual(sorted);
    expect(byBalance.total).toBe(grouped.total);
    expect(byBalance.totals).toEqual(grouped.totals);
    const ascending = await get("&dir=asc");
    expect(ascending.items.map((r) => r.balance)).toEqual(sorted.map((r) => r.balance).reverse());
  }
  return kept;
}

describe("client_open_balances follows every change of an open invoice", () => {
  test("send, pay in part, pay in full, credit note, void, lose the client, delete", async () => {
    const first = await draft(a, "acme", "1000.00");
    expect(await expectKeptEqualsComputed()).toEqual([]); // a draft owes nothing
    await send(a, first.id);
    const second = await draft(a, "acme", "250.50");
    await send(a, second.id);
    const bolt = await draft(a, "bolt", "400.00");
    await send(a, bolt.id);
    const wanda = await draft(a, "acme", "75.25", "Walk-in Wanda");
    await send(a, wanda.id);
    const bravo = await draft(b, "bravo", "999.99");
    await send(b, bravo.id);
    let kept = await expectKeptEqualsComputed();
    expect(kept.find((r) => r.clientId === jobs.acme?.clientId)).toMatchObject({
      balance: "1250.50",
      invoices: 2,
    });
    expect(kept.find((r) => r.walkInName === "Walk-in Wanda")).toMatchObject({
      clientId: null,
      balance: "75.25",
    });

    await pay(a, first.id, "300.00"); // partly
    await expectKeptEqualsComputed();
    await pay(a, first.id, "700.00"); // fully: it leaves the count
    kept = await expectKeptEqualsComputed();
    expect(kept.find((r) => r.clientId === jobs.acme?.clientId)).toMatchObject({
      balance: "250.50",
      invoices: 1,
    });

    await ok(
      a,
      `/api/invoices/${bolt.id}/credit-notes`,
      {
        date: "2026-03-15",
        reason: "Overbilled",
        lines: [{ description: "Mileage", quantity: "1", rate: "100.00" }],
      },
      201,
    );
    kept = await expectKeptEqualsComputed();
    expect(kept.find((r) => r.clientId === jobs.bolt?.clientId)).toMatchObject({
      balance: "300.00",
      invoices: 1,
    });

    await ok(a, `/api/invoices/${second.id}/void`, { reason: "Billed twice" });
    kept = await expectKeptEqualsComputed();
    expect(kept.some((r) => r.clientId === jobs.acme?.clientId)).toBe(false); // its last open invoice

    // An invoice whose client is gone (the foreign key sets it null) moves to its printed name's group.
    await t.db.update(invoices).set({ clientId: null }).where(eq(invoices.id, bolt.id));
    kept = await expectKeptEqualsComputed();
    expect(kept.find((r) => r.walkInName === "Bolt Transport")).toMatchObject({
      clientId: null,
      balance: "300.00",
    });

    await t.db.delete(invoices).where(eq(invoices.id, wanda.id));
    kept = await expectKeptEqualsComputed();
    expect(kept.some((r) => r.walkInName === "Walk-in Wanda")).toBe(false);
    // Company B's row never moved.
    expect(kept.find((r) => r.companyId === b.companyId)).toMatchObject({ balance: "999.99", invoices: 1 });
  });
});
