/**
 * GET /api/invoices (an offset page, filtered, searched and sorted on the server) and
 * GET /api/invoices/export.csv (the whole filtered set, streamed), compared with the same filters
 * and sorts done in JavaScript on a seeded set of invoices.
 */
import { invoices } from "@pevo/db";
import { DEFAULT_TIME_ZONE, INVOICE_STATUSES, type InvoiceStatus } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../../test/harness";
import { addDaysIso } from "../../lib/dates";
import { zonedDate } from "../../lib/zoned-time";

const SETUP_TIMEOUT = 180_000;

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let today: string;
/** Company A's clients by name, and company B's one client. */
const clientIds = new Map<string, string>();
let clientB: string;

type Seeded = {
  id: string;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  status: InvoiceStatus;
  customerName: string | null;
  clientId: string | null;
  subtotal: string;
  tax: string;
  total: string;
  amountPaid: string;
  createdAt: Date;
  jobNumber: string;
};
/** Company A's invoices as seeded (the JavaScript side of every comparison). */
let seeded: Seeded[] = [];
const JOB_A = "JOB-LIST-A";
/** Company B: more invoices than one export batch (1,000), with many equal sort values. */
const B_COUNT = 1_030;

const NAMES = ["Acme", "Bolt", "Crane", "Delta"];
const SORTS = [
  "issueDate",
  "invoiceNumber",
  "clientName",
  "dueDate",
  "total",
  "status",
  "createdAt",
] as const;
type Sort = (typeof SORTS)[number];

/** A small deterministic random sequence, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return Math.floor((s / 2147483648) * n);
  };
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);

const balanceOf = (i: Pick<Seeded, "total" | "amountPaid">) => money(cents(i.total) - cents(i.amountPaid));

const isOverdue = (i: Pick<Seeded, "status" | "dueDate">) =>
  ["sent", "viewed", "partially_paid"].includes(i.status) && i.dueDate < today;

function key(i: Seeded, sort: Sort): string | number {
  switch (sort) {
    case "clientName":
      return i.customerName ?? "";
    case "total":
      return cents(i.total);
    case "status":
      return INVOICE_STATUSES.indexOf(i.status);
    case "createdAt":
      return i.createdAt.getTime();
    default:
      return i[sort];
  }
}

/** The list's order in JavaScript: the sort column, then the id (PostgreSQL's C collation = code units). */
function sorted(rows: Seeded[], sort: Sort, dir: "asc" | "desc") {
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ka = key(a, sort);
    const kb = key(b, sort);
    if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
  });
}

type Filters = {
  status?: string[];
  issueFrom?: string;
  issueTo?: string;
  dueFrom?: string;
  dueTo?: string;
  clientId?: string;
  q?: string;
};

function filtered(f: Filters): Seeded[] {
  return seeded.filter(
    (i) =>
      (!f.status || f.status.some((s) => (s === "overdue" ? isOverdue(i) : i.status === s))) &&
      (!f.issueFrom || i.issueDate >= f.issueFrom) &&
      (!f.issueTo || i.issueDate <= f.issueTo) &&
      (!f.dueFrom || i.dueDate >= f.dueFrom) &&
      (!f.dueTo || i.dueDate <= f.dueTo) &&
      (!f.clientId || i.clientId === f.clientId) &&
      (!f.q || i.invoiceNumber.toLowerCase().includes(f.q.toLowerCase())),
  );
}

function queryOf(f: Filters & Record<string, string | string[] | number | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(f)) {
    if (value === undefined) continue;
    params.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return params.toString();
}

const listItem = (i: Seeded) => ({
  id: i.id,
  invoiceNumber: i.invoiceNumber,
  issueDate: i.issueDate,
  dueDate: i.dueDate,
  jobNumber: JOB_A,
  total: i.total,
  status: i.status,
  customerName: i.customerName,
  overdue: isOverdue(i),
  balance: balanceOf(i),
});

async function list(admin: SignedUpAdmin, query: string) {
  const res = await t.as(admin)("GET", `/api/invoices?${query}`);
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as { items: ReturnType<typeof listItem>[]; total: number; page: number; pageSize: number };
}

/** A CSV parser for the export (quoted fields with doubled quotes; no newlines inside a field here). */
function parseCsv(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .filter((line) => line !== "")
    .map((line) => {
      const cells: string[] = [];
      let cell = "";
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i];
        if (quoted) {
          if (ch === '"' && line[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (ch === '"') quoted = false;
          else cell += ch;
        } else if (ch === '"') quoted = true;
        else if (ch === ",") {
          cells.push(cell);
          cell = "";
        } else cell += ch;
      }
      cells.push(cell);
      return cells;
    });
}

async function exportCsv(admin: SignedUpAdmin, query: string) {
  const res = await t.as(admin)("GET", `/api/invoices/export.csv?${query}`);
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return { res, rows: parseCsv(res.body as string) };
}

const HEADER = [
  "Invoice Number",
  "Client",
  "Issue Date",
  "Due Date",
  "Status",
  "Overdue",
  "Subtotal",
  "Tax",
  "Total",
  "Amount Paid",
  "Balance",
  "Dispatch/Job",
  "Created",
];

/** A client, a rate confirmation and a dispatch through the API; invoices are inserted directly (fast). */
async function dispatchOf(admin: SignedUpAdmin, clientId: string, jobNumber: string) {
  const rc = await t.createRateConfirmation(admin, { clientId, jobNumber });
  const dispatch = await t.createDispatch(admin, { rateConfirmationId: rc.id });
  return dispatch.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  // Overdue is computed with today in the company's time zone (the test companies': the default).
  today = zonedDate(DEFAULT_TIME_ZONE);
  adminA = await t.signUpAdmin({ companyName: "Invoice List A" });
  adminB = await t.signUpAdmin({ companyName: "Invoice List B" });
  for (const name of NAMES) clientIds.set(name, (await t.createClient(adminA, { name })).id);
  clientB = (await t.createClient(adminB, { name: "Bravo Client" })).id;
  const dispatchA = await dispatchOf(adminA, clientIds.get("Acme") ?? "", JOB_A);
  const dispatchB = await dispatchOf(adminB, clientB, "JOB-LIST-B");

  // Company A: 64 invoices with every status, issue dates over a year, due dates around today
  // (overdue ones among them), four clients and none, equal creation times in groups of three.
  const r = random(42);
  const base = Date.parse("2025-01-01T12:00:00.000Z");
  const rows = Array.from({ length: 64 }, (_, n) => {
    const status = INVOICE_STATUSES[r(INVOICE_STATUSES.length)] as InvoiceStatus;
    const name = n % 9 === 0 ? null : (NAMES[r(NAMES.length)] ?? null);
    const subtotal = 5_000 + r(400_000);
    const tax = r(3) === 0 ? 0 : Math.round(subtotal * 0.0825);
    const issueDate = addDaysIso("2025-01-01", r(365));
    return {
      companyId: adminA.companyId,
      createdBy: adminA.userId,
      dispatchId: dispatchA,
      clientId: name ? (clientIds.get(name) ?? null) : null,
      // Two numbers with LIKE's wildcards, to check that a search for them is literal.
      invoiceNumber:
        n === 10
          ? "INV-2025-9%01"
          : n === 11
            ? "INV-2025-9_02"
            : `INV-2025-${String(n + 1).padStart(4, "0")}`,
      issueDate,
      dueDate: addDaysIso(today, r(80) - 40),
      status,
      customerName: name,
      subtotal: money(subtotal),
      tax: money(tax),
      // Some equal totals, for the tie-breaker.
      total: n % 8 === 0 ? "1000.00" : money(subtotal + tax),
      createdAt: new Date(base + Math.floor(n / 3) * 3_600_000),
    };
  });
  for (const row of rows) {
    if (row.total === "1000.00") {
      row.subtotal = "1000.00";
      row.tax = "0.00";
    }
  }
  // What was paid follows the status: all of a paid invoice, a third (to the cent) of a partially paid one.
  const paidOf = (row: (typeof rows)[number]) =>
    row.status === "paid"
      ? row.total
      : row.status === "partially_paid"
        ? money(Math.floor(cents(row.total) / 3))
        : "0.00";
  const inserted = await t.db
    .insert(invoices)
    .values(rows.map((row) => ({ ...row, amountPaid: paidOf(row) })))
    .returning();
  seeded = inserted.map((i) => ({
    id: i.id,
    invoiceNumber: i.invoiceNumber,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    status: i.status,
    customerName: i.customerName,
    clientId: i.clientId,
    subtotal: i.subtotal,
    tax: i.tax,
    total: i.total,
    amountPaid: i.amountPaid,
    createdAt: i.createdAt,
    jobNumber: JOB_A,
  }));

  // Company B: more than one export batch, few distinct values (ties across batch boundaries).
  await t.db.insert(invoices).values(
    Array.from({ length: B_COUNT }, (_, n) => ({
      companyId: adminB.companyId,
      dispatchId: dispatchB,
      clientId: n % 2 ? clientB : null,
      invoiceNumber: `B-${String(n).padStart(5, "0")}`,
      issueDate: addDaysIso("2025-06-01", n % 5),
      dueDate: addDaysIso(today, (n % 7) - 3),
      status: INVOICE_STATUSES[n % INVOICE_STATUSES.length] as InvoiceStatus,
      customerName: n % 3 ? `Bravo ${n % 4}` : null,
      subtotal: "10.00",
      tax: "0.00",
      total: n % 2 ? "10.00" : "10.50",
    })),
  );
}, SETUP_TIMEOUT);
afterAll(() => t.close());

describe("GET /api/invoices: paging", () => {
  test("the default: 25 a page, newest issue date first, with the total", async () => {
    const page = await list(adminA, "");
    expect(page.total).toBe(seeded.length);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(25);
    expect(page.items).toEqual(sorted(seeded, "issueDate", "desc").slice(0, 25).map(listItem));
  });

  test("the last page is short, a page beyond the last is empty with the total", async () => {
    const last = await list(adminA, "page=3&pageSize=25");
    expect(last.items).toEqual(sorted(seeded, "issueDate", "desc").slice(50).map(listItem));
    expect(last.items).toHaveLength(seeded.length - 50);
    const beyond = await list(adminA, "page=4&pageSize=25");
    expect(beyond).toEqual({ items: [], total: seeded.length, totalCapped: false, page: 4, pageSize: 25 });
  });

  test("no match: an empty page with total 0", async () => {
    expect(await list(adminA, "q=no-such-invoice")).toEqual({
      items: [],
      total: 0,
      totalCapped: false,
      page: 1,
      pageSize: 25,
    });
  });

  test("pageSize from 1 to 100", async () => {
    expect((await list(adminA, "pageSize=1")).items).toHaveLength(1);
    const all = await list(adminA, "pageSize=100");
    expect(all.items).toHaveLength(seeded.length);
  });

  test("a walk through every page (each sort, both directions) returns each invoice exactly once", async () => {
    for (const sort of SORTS) {
      for (const dir of ["asc", "desc"] as const) {
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(seeded.length / 7); page++) {
          const body = await list(adminA, queryOf({ sort, dir, page, pageSize: 7 }));
          seen.push(...body.items.map((i) => i.id));
        }
        expect(seen, `${sort} ${dir}`).toEqual(sorted(seeded, sort, dir).map((i) => i.id));
        expect(new Set(seen).size).toBe(seeded.length);
      }
    }
  });

  test.each([
    ["page=0", "page must be a whole number from 1 to 10000"],
    ["page=abc", "page must be a whole number from 1 to 10000"],
    ["page=1.5", "page must be a whole number from 1 to 10000"],
    ["pageSize=0", "pageSize must be a whole number from 1 to 100"],
    ["pageSize=101", "pageSize must be a whole number from 1 to 100"],
    [
      "sort=amount",
      "sort must be one of: issueDate, invoiceNumber, clientName, dueDate, total, status, createdAt",
    ],
    ["dir=up", "dir must be asc or desc"],
    [
      "status=late",
      "status must be one or more of: draft, sent, viewed, partially_paid, paid, void, overdue (comma-separated)",
    ],
    [
      "status=sent,cancelled",
      "status must be one or more of: draft, sent, viewed, partially_paid, paid, void, overdue (comma-separated)",
    ],
    ["issueFrom=2025-13-01", "issueFrom must be a date (YYYY-MM-DD)"],
    ["issueTo=yesterday", "issueTo must be a date (YYYY-MM-DD)"],
    ["dueFrom=2025-02-30", "dueFrom must be a date (YYYY-MM-DD)"],
    ["dueTo=1", "dueTo must be a date (YYYY-MM-DD)"],
    ["clientId=acme", "clientId must be an id"],
    [`q=${"x".repeat(101)}`, "q must be at most 100 characters"],
  ])("%s is a 400 with a clear message", async (query, message) => {
    // The export has no pages: it ignores page and pageSize.
    const paging = query.startsWith("page");
    for (const path of paging ? ["/api/invoices"] : ["/api/invoices", "/api/invoices/export.csv"]) {
      const res = await t.as(adminA)("GET", `${path}?${query}`);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ error: message });
    }
  });
});

describe("GET /api/invoices: filters and sorts, compared with JavaScript", () => {
  const cases: [string, () => Filters][] = [
    ["each status", () => ({ status: ["draft"] })],
    ["sent", () => ({ status: ["sent"] })],
    ["paid", () => ({ status: ["paid"] })],
    ["overdue (computed)", () => ({ status: ["overdue"] })],
    ["several statuses", () => ({ status: ["draft", "overdue"] })],
    ["issue date range (inclusive)", () => ({ issueFrom: "2025-03-01", issueTo: "2025-06-30" })],
    ["issued from", () => ({ issueFrom: "2025-10-01" })],
    ["due date range (inclusive)", () => ({ dueFrom: addDaysIso(today, -10), dueTo: addDaysIso(today, 10) })],
    ["due until today", () => ({ dueTo: today })],
    ["a client", () => ({ clientId: clientIds.get("Bolt") })],
    ["number search (any part, any case)", () => ({ q: "inv-2025-00" })],
    ["a literal %", () => ({ q: "%" })],
    ["a literal _", () => ({ q: "9_" })],
    [
      "everything at once",
      () => ({
        status: ["sent", "overdue", "paid"],
        issueFrom: "2025-02-01",
        dueFrom: addDaysIso(today, -30),
        clientId: clientIds.get("Crane"),
        q: "2025",
      }),
    ],
  ];

  test.each(cases)("%s", async (_, make) => {
    const filters = make();
    const expected = filtered(filters);
    expect(expected.length, "the seed has rows for this filter").toBeGreaterThan(0);
    expect(expected.length, "the filter removes rows").toBeLessThan(seeded.length);
    const body = await list(
      adminA,
      queryOf({ ...filters, pageSize: 100, sort: "invoiceNumber", dir: "asc" }),
    );
    expect(body.total).toBe(expected.length);
    expect(body.items).toEqual(sorted(expected, "invoiceNumber", "asc").map(listItem));
  });

  test("overdue: open (sent, viewed, partially paid) with a balance and past due; every item says whether it is", async () => {
    const body = await list(adminA, "pageSize=100");
    const overdue = body.items.filter((i) => i.overdue);
    expect(overdue.length).toBeGreaterThan(0);
    for (const i of body.items) {
      expect(i.overdue, i.invoiceNumber).toBe(
        ["sent", "viewed", "partially_paid"].includes(i.status) && i.dueDate < today,
      );
    }
    // The seed has sent invoices past due (overdue) and draft or paid ones past due (never overdue).
    expect(body.items.some((i) => i.status === "sent" && i.dueDate < today && i.overdue)).toBe(true);
    expect(body.items.some((i) => (i.status === "paid" || i.status === "draft") && i.dueDate < today)).toBe(
      true,
    );
  });

  test.each(SORTS.flatMap((sort) => (["asc", "desc"] as const).map((dir) => [sort, dir] as const)))(
    "sort=%s dir=%s",
    async (sort, dir) => {
      const body = await list(adminA, queryOf({ sort, dir, pageSize: 100 }));
      expect(body.items).toEqual(sorted(seeded, sort, dir).map(listItem));
    },
  );

  test("a sort with filters, page 2", async () => {
    const filters: Filters = { status: ["sent", "overdue"] };
    const expected = sorted(filtered(filters), "total", "desc");
    const body = await list(
      adminA,
      queryOf({ ...filters, sort: "total", dir: "desc", page: 2, pageSize: 5 }),
    );
    expect(body.total).toBe(expected.length);
    expect(body.items).toEqual(expected.slice(5, 10).map(listItem));
  });
});

describe("GET /api/invoices: tenant scoping", () => {
  test("a filter by another company's client returns nothing", async () => {
    expect(await list(adminA, `clientId=${clientB}`)).toEqual({
      items: [],
      total: 0,
      totalCapped: false,
      page: 1,
      pageSize: 25,
    });
    expect((await list(adminB, `clientId=${clientIds.get("Acme")}`)).total).toBe(0);
    const res = await t.as(adminA)("GET", `/api/invoices/export.csv?clientId=${clientB}`);
    expect(parseCsv(res.body as string)).toEqual([HEADER]);
  });

  test("each company sees only its own invoices, with every filter", async () => {
    const a = await list(adminA, "pageSize=100");
    const ids = new Set(seeded.map((i) => i.id));
    expect(a.items.every((i) => ids.has(i.id))).toBe(true);
    const b = await list(adminB, "pageSize=100&status=overdue,draft,sent,viewed,partially_paid,paid,void");
    expect(b.total).toBe(B_COUNT);
    expect(b.items.some((i) => ids.has(i.id))).toBe(false);
  });
});

describe("GET /api/invoices/export.csv", () => {
  test("the whole filtered set in the list's order, exact decimals, named invoices-<today>.csv", async () => {
    const filters: Filters = { status: ["sent", "overdue", "paid"], issueFrom: "2025-02-01" };
    const expected = sorted(filtered(filters), "clientName", "asc");
    const { res, rows } = await exportCsv(adminA, queryOf({ ...filters, sort: "clientName", dir: "asc" }));
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="invoices-${today}.csv"`);
    const [header, ...body] = rows;
    expect(header).toEqual(HEADER);
    expect(body).toHaveLength(expected.length);
    expect(body).toHaveLength((await list(adminA, queryOf(filters))).total);
    expect(body).toEqual(
      expected.map((i) => [
        i.invoiceNumber,
        i.customerName ?? "",
        i.issueDate,
        i.dueDate,
        i.status,
        isOverdue(i) ? "yes" : "no",
        i.subtotal,
        i.tax,
        i.total,
        i.amountPaid,
        balanceOf(i),
        JOB_A,
        i.createdAt.toISOString(),
      ]),
    );
    // Exact money: the columns add up to the seeded totals to the cent, and paid + balance = total.
    const sum = (column: number) => body.reduce((s, row) => s + cents(row[column] ?? ""), 0);
    expect(sum(8)).toBe(expected.reduce((s, i) => s + cents(i.total), 0));
    expect(sum(9)).toBe(expected.reduce((s, i) => s + cents(i.amountPaid), 0));
    expect(sum(9)).toBeGreaterThan(0);
    expect(sum(9) + sum(10)).toBe(sum(8));
  });

  test("the default export is every invoice, newest issue date first", async () => {
    const { rows } = await exportCsv(adminA, "");
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      sorted(seeded, "issueDate", "desc").map((i) => i.invoiceNumber),
    );
  });

  test.each(SORTS.flatMap((sort) => (["asc", "desc"] as const).map((dir) => [sort, dir] as const)))(
    "more than one batch (sort=%s dir=%s): every row exactly once, in order",
    async (sort, dir) => {
      const { rows } = await exportCsv(adminB, queryOf({ sort, dir }));
      const numbers = rows.slice(1).map((r) => r[0]);
      expect(numbers).toHaveLength(B_COUNT);
      expect(new Set(numbers).size).toBe(B_COUNT);
      const stored = await t.db
        .select({ invoiceNumber: invoices.invoiceNumber })
        .from(invoices)
        .where(eq(invoices.companyId, adminB.companyId));
      expect(new Set(numbers)).toEqual(new Set(stored.map((s) => s.invoiceNumber)));
      // The export's order is the list's: compare with the list's pages of 100.
      const listed: string[] = [];
      for (let page = 1; page <= Math.ceil(B_COUNT / 100); page++) {
        listed.push(
          ...(await list(adminB, queryOf({ sort, dir, page, pageSize: 100 }))).items.map(
            (i) => i.invoiceNumber,
          ),
        );
      }
      expect(numbers).toEqual(listed);
    },
  );

  test("a filtered export of many rows: the Total column sums to the filtered invoices", async () => {
    const { rows } = await exportCsv(adminB, "status=overdue&sort=total");
    const overdue = await list(adminB, "status=overdue");
    expect(rows.length - 1).toBe(overdue.total);
    expect(rows.slice(1).every((r) => r[5] === "yes")).toBe(true);
  });
});
