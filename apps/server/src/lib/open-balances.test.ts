import { invoiceOpenBalances, invoices, missingRow } from "@pevo/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../test/harness";
import { entry } from "../../test/rows";
import { openWithBalance } from "../domain/invoices";

// invoice_open_balances is kept by a trigger on invoices (migration 0026): after any write it must
// hold what summing the open invoices (domain/invoices' openWithBalance) directly gives, per company and due date.
let t: TestApp;
let a: SignedUpAdmin;
let b: SignedUpAdmin;
const dispatchOf: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA: a, adminB: b } = await t.createTwoCompanies());
  for (const admin of [a, b]) dispatchOf[admin.companyId] = await t.insertDispatch(admin.companyId);
});
afterAll(() => t.close());

type Status = "draft" | "sent" | "viewed" | "partially_paid" | "paid" | "void";
let n = 0;
async function insertInvoice(
  admin: SignedUpAdmin,
  dueDate: string,
  status: Status,
  total: string,
  paid = "0",
) {
  n += 1;
  const [row = missingRow("invoices")] = await t.db
    .insert(invoices)
    .values({
      companyId: admin.companyId,
      dispatchId: entry(dispatchOf, admin.companyId),
      invoiceNumber: `INV-OB-${n}`,
      issueDate: "2026-01-01",
      dueDate,
      subtotal: total,
      total,
      status,
      amountPaid: paid,
    })
    .returning({ id: invoices.id });
  return row.id;
}

/** The kept rows and the same sums computed from the invoices, both sorted. */
async function keptAndComputed() {
  const kept = await t.db
    .select({
      companyId: invoiceOpenBalances.companyId,
      dueDate: invoiceOpenBalances.dueDate,
      balance: sql<string>`${invoiceOpenBalances.balance}::text`,
      invoices: invoiceOpenBalances.invoices,
    })
    .from(invoiceOpenBalances)
    .where(inArray(invoiceOpenBalances.companyId, [a.companyId, b.companyId]))
    .orderBy(invoiceOpenBalances.companyId, invoiceOpenBalances.dueDate);
  const computed = await t.db
    .select({
      companyId: invoices.companyId,
      dueDate: invoices.dueDate,
      balance: sql<string>`sum(${invoices.total} - ${invoices.amountPaid})::numeric(16,2)::text`,
      invoices: sql<number>`count(*)::int`,
    })
    .from(invoices)
    .where(and(inArray(invoices.companyId, [a.companyId, b.companyId]), openWithBalance()))
    .groupBy(invoices.companyId, invoices.dueDate)
    .orderBy(invoices.companyId, invoices.dueDate);
  return { kept, computed };
}

async function expectKeptEqualsComputed() {
  const { kept, computed } = await keptAndComputed();
  expect(kept).toEqual(computed);
  return kept;
}

describe("the open balances per due date", () => {
  test("count a sent, viewed or partially paid invoice with a balance, and nothing else", async () => {
    await insertInvoice(a, "2026-02-01", "sent", "100.00");
    await insertInvoice(a, "2026-02-01", "partially_paid", "300.00", "50.25");
    await insertInvoice(a, "2026-03-01", "viewed", "10.10");
    await insertInvoice(a, "2026-03-01", "draft", "999.00");
    await insertInvoice(a, "2026-03-01", "paid", "40.00", "40.00");
    await insertInvoice(a, "2026-04-01", "void", "70.00");
    await insertInvoice(b, "2026-02-01", "sent", "5.00");
    const kept = await expectKeptEqualsComputed();
    expect(kept.filter((row) => row.companyId === a.companyId)).toEqual([
      { companyId: a.companyId, dueDate: "2026-02-01", balance: "349.75", invoices: 2 },
      { companyId: a.companyId, dueDate: "2026-03-01", balance: "10.10", invoices: 1 },
    ]);
  });

  test("follow sending, paying, moving the due date, voiding and deleting", async () => {
    const id = await insertInvoice(a, "2026-05-01", "draft", "200.00");
    const set = (values: Partial<typeof invoices.$inferInsert>) =>
      t.db.update(invoices).set(values).where(eq(invoices.id, id));

    await set({ status: "sent" });
    await expectKeptEqualsComputed();
    await set({ status: "partially_paid", amountPaid: "120.50" });
    await expectKeptEqualsComputed();
    await set({ dueDate: "2026-02-01" }); // an earlier date that already has open invoices
    await expectKeptEqualsComputed();
    await set({ dueDate: "2026-03-01" }); // a later one
    await expectKeptEqualsComputed();
    await set({ total: "250.00" }); // an edit of the lines
    await expectKeptEqualsComputed();
    await set({ status: "paid", amountPaid: "250.00" });
    await expectKeptEqualsComputed();
    await set({ status: "partially_paid", amountPaid: "100.00" }); // a payment deleted
    await expectKeptEqualsComputed();
    await set({ status: "void" });
    await expectKeptEqualsComputed();
    await set({ status: "sent", amountPaid: "0" });
    await t.db.delete(invoices).where(eq(invoices.id, id));
    await expectKeptEqualsComputed();
  });

  test("drop a due date once nothing is open on it", async () => {
    const id = await insertInvoice(b, "2026-06-15", "sent", "80.00");
    expect((await expectKeptEqualsComputed()).some((row) => row.dueDate === "2026-06-15")).toBe(true);
    await t.db.update(invoices).set({ status: "paid", amountPaid: "80.00" }).where(eq(invoices.id, id));
    expect((await expectKeptEqualsComputed()).some((row) => row.dueDate === "2026-06-15")).toBe(false);
  });

  test("follow a write of many invoices at once", async () => {
    await t.db
      .update(invoices)
      .set({ amountPaid: sql`${invoices.total} / 2`, status: "partially_paid" })
      .where(and(eq(invoices.companyId, a.companyId), eq(invoices.status, "sent")));
    await expectKeptEqualsComputed();
    await t.db.delete(invoices).where(eq(invoices.companyId, a.companyId));
    const kept = await expectKeptEqualsComputed();
    expect(kept.filter((row) => row.companyId === a.companyId)).toEqual([]);
  });
});
