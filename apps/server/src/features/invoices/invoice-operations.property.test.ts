/**
 * A property test over random sequences of invoice operations through the real API on PGlite
 * (DECISIONS 'Invoices', 'Credit notes', 'Client credit'): draft edits, sends, payments and
 * overpayments, credit notes, voids and reissues, client credit applied. After every operation:
 * each invoice's total equals its lines (plus tax), its balance is total − paid and never negative,
 * the client's credit is never negative, the client's balance (receivables) equals its open invoices
 * − its unapplied credit, no money appears or vanishes (paid + credit = received + credited), and an
 * invoice once sent keeps its lines, amounts, customer, dates and number whatever is tried on it.
 * A refused operation is a 400 or 409, never a 500, and changes nothing. One company for every run,
 * a fresh client (and job) per run.
 */
import { toCents } from "@pevo/shared";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApp, type JsonBody, type SignedUpAdmin, type TestApp } from "../../../test/harness";

let t: TestApp;
let admin: SignedUpAdmin;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Property Books" });
}, 180_000);
afterAll(() => t?.close());

const money = (cents: number) => (cents / 100).toFixed(2);

type Line = { kind: string; charge: number };
type Op =
  | { op: "draft"; lines: Line[] }
  | { op: "edit"; i: number; lines: Line[] }
  | { op: "send"; i: number }
  | { op: "pay"; i: number; cents: number }
  | { op: "creditNote"; i: number; cents: number }
  | { op: "void"; i: number }
  | { op: "reissue"; i: number }
  | { op: "applyCredit"; i: number; cents: number };

const lineArb: fc.Arbitrary<Line> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom("day", "mileage", "overnight", "detention"),
      charge: fc.integer({ min: 1, max: 150_000 }),
    }),
  },
  // A discount: taken off, refused when it would take the total below zero.
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("discount"), charge: fc.integer({ min: 1, max: 200_000 }) }),
  },
);
const linesArb = fc.array(lineArb, { minLength: 1, maxLength: 3 });
const idx = fc.nat({ max: 7 });
const cents = fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 400_000 }));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant("draft" as const), lines: linesArb }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("edit" as const), i: idx, lines: linesArb }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("send" as const), i: idx }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("pay" as const), i: idx, cents }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("creditNote" as const), i: idx, cents }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("void" as const), i: idx }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("reissue" as const), i: idx }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("applyCredit" as const), i: idx, cents }) },
);

type Invoice = JsonBody & {
  id: string;
  invoiceNumber: string;
  status: string;
  total: string;
  subtotal: string;
  tax: string;
  amountPaid: string;
  balance: string;
  lineItems: { charge: string }[];
  payments: { amount: string }[];
};

/** What a sent invoice may never change (DECISIONS 'Invoices': locked once sent). */
const lockedPart = (inv: Invoice) =>
  JSON.stringify({
    invoiceNumber: inv.invoiceNumber,
    clientId: inv.clientId,
    customerName: inv.customerName,
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    total: inv.total,
    lines: inv.lineItems,
  });

let run = 0;
/** The operations the server accepted, over all runs: the sequences must exercise the books. */
const accepted = new Map<string, number>();

test("random sequences of invoice operations keep the books", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 12 }), async (ops) => {
      run += 1;
      const name = `Property Client ${run}`;
      const client = await t.createClient(admin, { name, email: "ap@property.test" });
      const rc = await t.createRateConfirmation(admin, { clientId: client.id });
      const job = await t.createDispatch(admin, { rateConfirmationId: rc.id });
      const ids: string[] = [];
      const locked = new Map<string, string>();
      let received = 0; // cash received, overpayments whole
      let credited = 0; // credit note totals
      let numbered = 0;

      const api = t.as(admin);
      const get = async (id: string) => {
        const res = await api("GET", `/api/invoices/${id}`);
        expect(res.status).toBe(200);
        const paid = await api("GET", `/api/invoices/${id}/payments`);
        expect(paid.status).toBe(200);
        return {
          ...(res.body as Invoice),
          payments: (paid.body as { payments: Invoice["payments"] }).payments,
        };
      };
      const creditOf = async () =>
        toCents(((await api("GET", `/api/clients/${client.id}/credit`)).body as { credit: string }).credit);
      const state = async () => ({ invoices: await Promise.all(ids.map(get)), credit: await creditOf() });
      const body = (lines: Line[], invoiceNumber?: string) => ({
        invoiceNumber: invoiceNumber ?? `PB-${run}-${++numbered}`,
        issueDate: "2025-03-01",
        dueDate: "2025-03-31",
        dispatchId: job.id,
        clientId: client.id,
        customerName: name,
        lineItems: lines.map((l, n) => ({
          kind: l.kind,
          date: "2025-03-01",
          location: `Stop ${n + 1}`,
          mileage: "0",
          charge: money(l.kind === "discount" ? -l.charge : l.charge),
        })),
        allowAdditional: true,
      });
      /** A refusal is a 400 or 409 with a message, never a 500, and it changes nothing. */
      const refused = async (
        res: { status: number; body: unknown },
        before: Awaited<ReturnType<typeof state>>,
      ) => {
        expect([400, 409], JSON.stringify(res.body)).toContain(res.status);
        expect(await state()).toEqual(before);
      };

      // Every run starts with each kind of operation once (a draft edited, one sent, paid in part and
      // credited), so that the random operations after it have targets in every state.
      const prelude: Op[] = [
        { op: "draft", lines: [{ kind: "day", charge: 100_000 }] },
        { op: "draft", lines: [{ kind: "mileage", charge: 55_555 }] },
        { op: "send", i: 1 },
        {
          op: "edit",
          i: 0,
          lines: [
            { kind: "day", charge: 90_000 },
            { kind: "discount", charge: 1_000 },
          ],
        },
        { op: "pay", i: 1, cents: 5_555 },
        { op: "creditNote", i: 1, cents: 1_000 },
      ];
      for (const op of [...prelude, ...ops]) {
        const before = await state();
        const target = "i" in op && ids.length ? before.invoices[op.i % ids.length] : undefined;
        if (op.op !== "draft" && !target) continue;
        let res: { status: number; body: unknown };
        switch (op.op) {
          case "draft":
            res = await api("POST", "/api/invoices", body(op.lines));
            if (res.status === 201) ids.push((res.body as Invoice).id);
            else await refused(res, before);
            break;
          case "edit":
            res = await api("PUT", `/api/invoices/${target?.id}`, body(op.lines, target?.invoiceNumber));
            if (target?.status === "draft") {
              if (res.status !== 200) await refused(res, before);
            } else {
              // Locked: 409, unless the body itself is bad (a discount below zero), which is a 400 first.
              const valid =
                op.lines.reduce((sum, l) => sum + (l.kind === "discount" ? -l.charge : l.charge), 0) >= 0;
              if (valid) expect(res.status, JSON.stringify(res.body)).toBe(409);
              await refused(res, before);
            }
            break;
          case "send":
            res = await api("POST", `/api/invoices/${target?.id}/send`, { to: "ap@property.test" });
            if (res.status !== 200) await refused(res, before);
            break;
          case "pay":
            res = await api("POST", `/api/invoices/${target?.id}/payments`, {
              date: "2025-03-10",
              amount: money(op.cents),
              method: "check",
            });
            if (res.status === 201) received += op.cents;
            else await refused(res, before);
            break;
          case "creditNote":
            res = await api("POST", `/api/invoices/${target?.id}/credit-notes`, {
              date: "2025-03-15",
              reason: "Property correction",
              lines: [{ description: "Correction", quantity: "1", rate: money(op.cents) }],
            });
            if (res.status === 201) credited += op.cents;
            else await refused(res, before);
            break;
          case "void":
            res = await api("POST", `/api/invoices/${target?.id}/void`, { reason: "Property void" });
            if (res.status !== 200) await refused(res, before);
            break;
          case "reissue":
            res = await api("POST", `/api/invoices/${target?.id}/reissue`, { reason: "Property reissue" });
            if (res.status === 201 || res.status === 200) ids.push((res.body as Invoice).id);
            else await refused(res, before);
            break;
          case "applyCredit":
            res = await api("POST", `/api/clients/${client.id}/credit/applications`, {
              invoiceId: target?.id,
              date: "2025-03-12",
              amount: money(op.cents),
            });
            if (res.status !== 201) await refused(res, before);
            break;
        }
        expect(res.status, `${op.op}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status < 300) accepted.set(op.op, (accepted.get(op.op) ?? 0) + 1);

        // The invariants, after every operation.
        const after = await state();
        let open = 0;
        let paid = 0;
        for (const inv of after.invoices) {
          const lines = inv.lineItems.reduce((s, l) => s + toCents(l.charge), 0);
          expect(toCents(inv.subtotal)).toBe(lines);
          expect(toCents(inv.total)).toBe(lines + toCents(inv.tax));
          expect(toCents(inv.total)).toBeGreaterThanOrEqual(0);
          expect(toCents(inv.amountPaid)).toBe(inv.payments.reduce((s, p) => s + toCents(p.amount), 0));
          expect(toCents(inv.balance)).toBe(toCents(inv.total) - toCents(inv.amountPaid));
          expect(toCents(inv.balance)).toBeGreaterThanOrEqual(0);
          paid += toCents(inv.amountPaid);
          if (["sent", "viewed", "partially_paid"].includes(inv.status)) open += toCents(inv.balance);
          if (inv.status !== "draft") {
            const was = locked.get(inv.id);
            if (was === undefined) locked.set(inv.id, lockedPart(inv));
            else expect(lockedPart(inv), `${inv.invoiceNumber} changed after it was sent`).toBe(was);
          }
        }
        expect(after.credit).toBeGreaterThanOrEqual(0);
        // Nothing lost: every cent received or credited is on an invoice or in the client's credit.
        expect(paid + after.credit).toBe(received + credited);
        // The client's balance on receivables = its open invoices − its unapplied credit.
        const page = (await api("GET", "/api/receivables?pageSize=100&sort=clientName")).body as {
          items: { clientId: string | null; balance: string; credit: string; netBalance: string }[];
        };
        const row = page.items.find((r) => r.clientId === client.id);
        if (row) {
          expect(toCents(row.balance)).toBe(open);
          expect(toCents(row.credit)).toBe(after.credit);
          expect(toCents(row.netBalance)).toBe(open - after.credit);
        } else {
          expect(open).toBe(0);
        }
      }
    }),
    { numRuns: 5, endOnFailure: true },
  );
  for (const op of ["draft", "edit", "send", "pay", "creditNote"]) {
    expect(
      accepted.get(op) ?? 0,
      `${op} was never accepted: ${JSON.stringify([...accepted])}`,
    ).toBeGreaterThan(0);
  }
}, 240_000);
