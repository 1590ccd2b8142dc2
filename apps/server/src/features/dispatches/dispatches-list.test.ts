/**
 * GET /api/dispatches (one page, filtered and sorted) and GET /api/dispatches/export.csv (the whole
 * filtered set) on a seeded company: every filter and sort is compared with the same done in
 * JavaScript over all of the company's rows.
 */
import { dispatches, invoices, missingRow } from "@pevo/db";
import { DISPATCH_STATUSES, type DispatchStatus } from "@pevo/shared";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { downloadCsv } from "../../../test/csv";
import {
  APP_URL,
  type JsonBody as Body,
  createTestApp,
  type SignedUpAdmin,
  type TestApp,
} from "../../../test/harness";
import { entry, nth } from "../../../test/rows";

type Row = {
  id: string;
  driverName: string;
  driverPhone: string;
  driverCompany: string | null;
  pickupDate: string;
  pickupTime: string;
  status: DispatchStatus;
  pevoId: string | null;
  pevoName: string | null;
  rateConfirmationId: string | null;
  jobNumber: string | null;
  clientId: string | null;
  clientName: string | null;
  createdAt: string;
  invoices: { id: string; invoiceNumber: string }[];
};

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let adminC: SignedUpAdmin;
/** Company A's 60 dispatches as the API should describe them. */
let rowsA: Row[] = [];
let idsB: string[] = [];
let pevoIdsA: string[] = [];
let clientIdsA: string[] = [];
let pevoB: string;
let clientB: string;

const DRIVERS = ["Driver Able", "Driver Baker", "Driver Carter", "Driver Dunn", "Driver Ellis", "Driver Fox"];
const PEVOS = [
  ["Ann", "Able"],
  ["Ben", "Baker"],
  ["Cal", "Carter"],
] as const;
const TIMES = ["06:00", "09:30", "14:00"];
const C_ROWS = 1050;

const asA = (path: string) => t.as(adminA)("GET", path);

/** Inserts dispatches straight into the table (fast), returning their ids in order. */
async function insertDispatches(
  admin: SignedUpAdmin,
  values: Omit<typeof dispatches.$inferInsert, "companyId">[],
) {
  const rows = await t.db
    .insert(dispatches)
    .values(values.map((v) => ({ ...v, companyId: admin.companyId, createdBy: admin.userId })))
    .returning({ id: dispatches.id });
  return rows.map((r) => r.id);
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Alpha Escorts" });
  adminB = await t.signUpAdmin({ companyName: "Bravo Escorts" });
  adminC = await t.signUpAdmin({ companyName: "Charlie Escorts" });

  const clientNames = ["Acme Hauling", "Beta Freight", "Cargo Kings"];
  const clientsA: Body[] = [];
  for (const name of clientNames) clientsA.push(await t.createClient(adminA, { name }));
  clientIdsA = clientsA.map((c) => c.id);
  const rcs: { id: string; jobNumber: string; clientId: string; clientName: string }[] = [];
  for (let i = 0; i < 5; i++) {
    const client = nth(clientsA, i % clientsA.length, "client");
    const jobNumber = `JOB-A-0${i + 1}`;
    const rc = await t.createRateConfirmation(adminA, { clientId: client.id, jobNumber });
    rcs.push({ id: rc.id, jobNumber, clientId: client.id, clientName: client.name });
  }
  const pevosA: Body[] = [];
  for (const [firstName, lastName] of PEVOS) {
    pevosA.push((await t.as(adminA)("POST", "/api/pevos", { firstName, lastName })).body);
  }
  pevoIdsA = pevosA.map((p) => p.id);

  const base = Date.parse("2026-01-01T12:00:00.000Z");
  const specs = Array.from({ length: 60 }, (_, i) => {
    const pevo = i % 4 === 3 ? null : pevosA[i % 3];
    const rc = i % 6 === 5 ? null : rcs[i % 5];
    return {
      driverName: nth(DRIVERS, (i * 7) % DRIVERS.length),
      driverPhone: `(555) 000-${String(i).padStart(4, "0")}`,
      driverCompany: i % 2 ? "Big Rig, LLC" : null,
      pickupDate: addDays("2026-03-01", (i * 11) % 37),
      pickupTime: nth(TIMES, i % 3),
      status: nth(DISPATCH_STATUSES, (i * 3) % 4),
      pevoId: pevo?.id ?? null,
      rateConfirmationId: rc?.id ?? null,
      // Some share a creation time: the id breaks those ties.
      createdAt: new Date(base + (i % 20) * 60_000),
      pevo,
      rc,
    };
  });
  const ids = await insertDispatches(
    adminA,
    specs.map(({ pevo: _p, rc: _r, ...v }) => v),
  );
  rowsA = specs.map((s, i) => ({
    id: nth(ids, i, "dispatch id"),
    driverName: s.driverName,
    driverPhone: s.driverPhone,
    driverCompany: s.driverCompany,
    pickupDate: s.pickupDate,
    pickupTime: s.pickupTime,
    status: s.status,
    pevoId: s.pevoId,
    pevoName: s.pevo ? `${s.pevo.firstName} ${s.pevo.lastName}` : null,
    rateConfirmationId: s.rateConfirmationId,
    jobNumber: s.rc?.jobNumber ?? null,
    clientId: s.rc?.clientId ?? null,
    clientName: s.rc?.clientName ?? null,
    createdAt: s.createdAt.toISOString(),
    invoices: [],
  }));
  // Invoices on a few dispatches (two on the first).
  for (const [n, i] of [0, 0, 7, 30].entries()) {
    const invoiceNumber = `INV-2026-000${n + 1}`;
    const row = nth(rowsA, i);
    const [inv = missingRow("invoices")] = await t.db
      .insert(invoices)
      .values({
        companyId: adminA.companyId,
        createdBy: adminA.userId,
        dispatchId: row.id,
        invoiceNumber,
        issueDate: "2026-03-20",
        dueDate: "2026-04-20",
        createdAt: new Date(base + n * 1000),
      })
      .returning({ id: invoices.id });
    row.invoices.push({ id: inv.id, invoiceNumber });
  }

  // Company B: its own client, PEVO and dispatches with the same driver names.
  const cb = await t.createClient(adminB, { name: "Acme Hauling" });
  clientB = cb.id;
  const rcB = await t.createRateConfirmation(adminB, { clientId: cb.id, jobNumber: "JOB-A-01" });
  pevoB = (await t.as(adminB)("POST", "/api/pevos", { firstName: "Ann", lastName: "Able" })).body.id;
  idsB = await insertDispatches(
    adminB,
    DRIVERS.slice(0, 4).map((driverName, i) => ({
      driverName,
      driverPhone: "(555) 111-0000",
      pickupDate: "2026-03-05",
      pickupTime: "09:30",
      status: DISPATCH_STATUSES[i],
      pevoId: i % 2 ? pevoB : null,
      rateConfirmationId: i < 2 ? rcB.id : null,
    })),
  );

  // Company C: more rows than one export batch (1,000), few distinct values (many ties).
  const pevoC = (await t.as(adminC)("POST", "/api/pevos", { firstName: "Cy", lastName: "Cole" })).body.id;
  await insertDispatches(
    adminC,
    Array.from({ length: C_ROWS }, (_, i) => ({
      driverName: nth(DRIVERS, i % 2),
      driverPhone: `(555) 9${String(i).padStart(6, "0")}`,
      pickupDate: addDays("2026-05-01", i % 3),
      pickupTime: "08:00",
      status: nth(DISPATCH_STATUSES, i % 4),
      pevoId: i % 2 ? pevoC : null,
    })),
  );
}, 120_000);
afterAll(() => t.close());

// ---- the same in JavaScript -----------------------------------------------------------------------

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const STATUS_ORDER = (s: DispatchStatus) => DISPATCH_STATUSES.indexOf(s);

const SORT_KEYS: Record<string, (r: Row) => (string | number)[]> = {
  pickupDate: (r) => [r.pickupDate, r.pickupTime],
  driverName: (r) => [r.driverName],
  pevoName: (r) => [r.pevoName ?? ""],
  status: (r) => [STATUS_ORDER(r.status)],
  jobNumber: (r) => [r.jobNumber ?? ""],
  createdAt: (r) => [r.createdAt],
};

function sorted(rows: Row[], sort = "pickupDate", dir: "asc" | "desc" = "desc") {
  const key = entry(SORT_KEYS, sort);
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ka = [...key(a), a.id];
    const kb = [...key(b), b.id];
    for (let i = 0; i < ka.length; i++) {
      const c =
        typeof ka[i] === "number" ? (ka[i] as number) - (kb[i] as number) : cmp(String(ka[i]), String(kb[i]));
      if (c !== 0) return sign * c;
    }
    return 0;
  });
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/** The API's list item of a row. */
// Each rate confirmation here has one position (a lead car) and no dispatch fills it.
const item = ({ driverPhone: _p, driverCompany: _d, clientId: _c, clientName: _n, ...r }: Row) => ({
  ...r,
  positionType: null,
  positionName: null,
  coverage: r.rateConfirmationId ? { covered: 0, total: 1 } : null,
});

// ---- tests ----------------------------------------------------------------------------------------

describe("GET /api/dispatches: paging", () => {
  test("an empty company: no items, total 0", async () => {
    const fresh = await t.signUpAdmin();
    const res = await t.as(fresh)("GET", "/api/dispatches");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 25 });
  });

  test("the first page: 25 rows, latest pickup first, as list items with their invoices", async () => {
    const res = await asA("/api/dispatches");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(60);
    expect(res.body.page).toBe(1);
    expect(res.body.pageSize).toBe(25);
    expect(res.body.items).toEqual(sorted(rowsA).slice(0, 25).map(item));
  });

  test("the last page is short; a page beyond the last is empty with the right total", async () => {
    const last = await asA("/api/dispatches?page=3");
    expect(last.body).toMatchObject({ total: 60, page: 3, pageSize: 25 });
    expect(ids(last.body.items)).toEqual(ids(sorted(rowsA).slice(50)));
    const beyond = await asA("/api/dispatches?page=4");
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ items: [], total: 60, totalCapped: false, page: 4, pageSize: 25 });
  });

  test("pageSize 100 is the most: every row on one page, each item with exactly its own invoices", async () => {
    const res = await asA("/api/dispatches?pageSize=100");
    expect(res.body.items).toHaveLength(60);
    expect(res.body.items).toEqual(sorted(rowsA).map(item));
    const first = res.body.items.find((d: Body) => d.id === nth(rowsA, 0).id);
    expect(first.invoices.map((i: Body) => i.invoiceNumber)).toEqual(["INV-2026-0001", "INV-2026-0002"]);
  });

  test("walking every page (pageSize 7) gives every row exactly once, in order", async () => {
    for (const [sort, dir] of [
      ["pickupDate", "desc"],
      ["pevoName", "asc"],
      ["status", "desc"],
    ] as const) {
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const res = await asA(`/api/dispatches?pageSize=7&page=${page}&sort=${sort}&dir=${dir}`);
        expect(res.body.total).toBe(60);
        if (res.body.items.length === 0) break;
        seen.push(...ids(res.body.items));
      }
      expect(seen).toEqual(ids(sorted(rowsA, sort, dir)));
      expect(new Set(seen).size).toBe(60);
    }
  });

  test.each([
    ["pageSize=101", "pageSize must be a whole number from 1 to 100"],
    ["pageSize=0", "pageSize must be a whole number from 1 to 100"],
    ["page=0", "page must be a whole number from 1 to 10000"],
    ["page=abc", "page must be a whole number from 1 to 10000"],
    ["page=1.5", "page must be a whole number from 1 to 10000"],
    ["sort=bogus", "sort must be one of: pickupDate, driverName, pevoName, status, jobNumber, createdAt"],
    ["dir=up", "dir must be asc or desc"],
    [
      "status=bogus",
      "status must be one or more of: pending, dispatched, completed, canceled (comma-separated)",
    ],
    [
      "status=pending,nope",
      "status must be one or more of: pending, dispatched, completed, canceled (comma-separated)",
    ],
    ["pickupFrom=2026-13-01", "pickupFrom must be a date (YYYY-MM-DD)"],
    ["pickupTo=yesterday", "pickupTo must be a date (YYYY-MM-DD)"],
    ["pevoId=nope", "pevoId must be an id"],
    ["clientId=123", "clientId must be an id"],
    ["unassigned=yes", "unassigned must be true or false"],
    [`q=${"x".repeat(101)}`, "q must be at most 100 characters"],
  ])("?%s is a 400 with a clear message (the export too, but for paging)", async (query, error) => {
    const paging = query.startsWith("page");
    for (const path of ["/api/dispatches", ...(paging ? [] : ["/api/dispatches/export.csv"])]) {
      const res = await asA(`${path}?${query}`);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ error });
    }
  });
});

describe("GET /api/dispatches: sorting", () => {
  const sorts = Object.keys(SORT_KEYS);
  test.each(sorts.flatMap((sort) => [[sort, "asc"] as const, [sort, "desc"] as const]))(
    "sort=%s dir=%s matches the same order done in JavaScript (ties by id)",
    async (sort, dir) => {
      const res = await asA(`/api/dispatches?pageSize=100&sort=${sort}&dir=${dir}`);
      expect(res.status).toBe(200);
      expect(ids(res.body.items)).toEqual(ids(sorted(rowsA, sort, dir)));
    },
  );
  test("the default sort is pickupDate descending", async () => {
    const plain = await asA("/api/dispatches?pageSize=100");
    const explicit = await asA("/api/dispatches?pageSize=100&sort=pickupDate&dir=desc");
    expect(ids(plain.body.items)).toEqual(ids(explicit.body.items));
  });
});

describe("GET /api/dispatches: filters", () => {
  const cases: [string, () => string, (r: Row) => boolean][] = [
    ["one status", () => "status=pending", (r) => r.status === "pending"],
    [
      "several statuses",
      () => "status=dispatched,canceled",
      (r) => r.status === "dispatched" || r.status === "canceled",
    ],
    ["pickupFrom (inclusive)", () => "pickupFrom=2026-03-12", (r) => r.pickupDate >= "2026-03-12"],
    ["pickupTo (inclusive)", () => "pickupTo=2026-03-12", (r) => r.pickupDate <= "2026-03-12"],
    [
      "a pickup range",
      () => "pickupFrom=2026-03-05&pickupTo=2026-03-20",
      (r) => r.pickupDate >= "2026-03-05" && r.pickupDate <= "2026-03-20",
    ],
    ["one day", () => "pickupFrom=2026-03-12&pickupTo=2026-03-12", (r) => r.pickupDate === "2026-03-12"],
    ["a PEVO", () => `pevoId=${pevoIdsA[1]}`, (r) => r.pevoId === pevoIdsA[1]],
    ["a client", () => `clientId=${clientIdsA[0]}`, (r) => r.clientId === clientIdsA[0]],
    ["unassigned", () => "unassigned=true", (r) => r.pevoId === null],
    ["unassigned=false is no filter", () => "unassigned=false", () => true],
    ["a driver name, any part, any case", () => "q=RTE", (r) => /rte/i.test(r.driverName)],
    ["a driver without a rate confirmation", () => "q=fox", (r) => /fox/i.test(r.driverName)],
    ["a job number part", () => "q=a-03", (r) => /a-03/i.test(r.jobNumber ?? "")],
    [
      "a term matching drivers and job numbers",
      () => "q=a",
      (r) => /a/i.test(r.driverName) || /a/i.test(r.jobNumber ?? ""),
    ],
    ["a LIKE wildcard is a literal", () => "q=%25", () => false],
    ["an underscore is a literal", () => "q=_", () => false],
    ["a blank search is no search", () => "q=%20%20", () => true],
    ["an empty status is no filter", () => "status=", () => true],
    [
      "several filters at once",
      () => `status=pending,dispatched,completed&pickupFrom=2026-03-03&clientId=${clientIdsA[1]}&q=driver`,
      (r) => r.status !== "canceled" && r.pickupDate >= "2026-03-03" && r.clientId === clientIdsA[1],
    ],
    [
      "unassigned with a status",
      () => "unassigned=true&status=completed",
      (r) => r.pevoId === null && r.status === "completed",
    ],
  ];

  test.each(cases)("%s: the rows and the total match JavaScript's", async (_name, query, keep) => {
    const expected = sorted(rowsA.filter(keep));
    const res = await asA(`/api/dispatches?pageSize=100&${query()}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(expected.length);
    expect(ids(res.body.items)).toEqual(ids(expected));
    // The page of a filtered list counts and slices the filtered rows.
    const page2 = await asA(`/api/dispatches?pageSize=5&page=2&${query()}`);
    expect(page2.body.total).toBe(expected.length);
    expect(ids(page2.body.items)).toEqual(ids(expected.slice(5, 10)));
  });

  test("the seeded data makes every filter meaningful (some rows in, some out)", () => {
    for (const [name, , keep] of cases.slice(0, 14)) {
      const n = rowsA.filter(keep).length;
      if (name.includes("no filter")) continue;
      expect(n, name).toBeGreaterThan(0);
      expect(n, name).toBeLessThan(60);
    }
  });

  test("a filter with a sort: sorted within the filter", async () => {
    const expected = sorted(
      rowsA.filter((r) => r.status === "pending" || r.status === "completed"),
      "driverName",
      "asc",
    );
    const res = await asA("/api/dispatches?pageSize=100&status=pending,completed&sort=driverName&dir=asc");
    expect(ids(res.body.items)).toEqual(ids(expected));
  });
});

describe("GET /api/dispatches: tenant scoping", () => {
  test("company B's PEVO or client as a filter returns nothing for company A", async () => {
    for (const query of [`pevoId=${pevoB}`, `clientId=${clientB}`]) {
      const res = await asA(`/api/dispatches?${query}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 25 });
    }
  });

  test("company B sees only its own rows, whatever the filter, and never A's", async () => {
    const asB = (path: string) => t.as(adminB)("GET", path);
    const all = await asB("/api/dispatches?pageSize=100");
    expect(all.body.total).toBe(idsB.length);
    expect(new Set(ids(all.body.items))).toEqual(new Set(idsB));
    for (const query of [`pevoId=${pevoIdsA[0]}`, `clientId=${clientIdsA[0]}`]) {
      expect((await asB(`/api/dispatches?${query}`)).body.total).toBe(0);
    }
    const searched = await asB("/api/dispatches?q=driver&pageSize=100");
    expect(searched.body.total).toBe(idsB.length);
    const csv = await asB("/api/dispatches/export.csv");
    expect(parseCsv(csv.body)).toHaveLength(idsB.length + 1);
    const aPhones = rowsA.map((r) => r.driverPhone);
    expect(aPhones.filter((p) => csv.body.includes(p))).toEqual([]);
  });
});

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const HEADER = [
  "Job Number",
  "Client",
  "Driver",
  "Driver Phone",
  "Driver Company",
  "PEVO",
  "Position",
  "Pickup Date",
  "Pickup Time",
  "Status",
  "Invoices",
  "Created",
];
const STATUS_LABEL: Record<DispatchStatus, string> = {
  pending: "Pending",
  dispatched: "Dispatched",
  completed: "Completed",
  canceled: "Canceled",
};

const csvLine = (r: Row) => [
  r.jobNumber ?? "",
  r.clientName ?? "",
  r.driverName,
  r.driverPhone,
  r.driverCompany ?? "",
  r.pevoName ?? "",
  // No dispatch of company A fills a position (see `item`); the Position column is tested below.
  "",
  r.pickupDate,
  r.pickupTime,
  STATUS_LABEL[r.status],
  r.invoices.map((i) => i.invoiceNumber).join("; "),
  r.createdAt,
];

describe("GET /api/dispatches/export.csv", () => {
  test("the whole filtered set (not one page), in the list's order, with a header and a dated file name", async () => {
    const res = await asA("/api/dispatches/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="dispatches-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(HEADER);
    expect(lines).toEqual(sorted(rowsA).map(csvLine));
  });

  test("the same filters and sort as the list", async () => {
    const query = `status=pending,dispatched&pickupFrom=2026-03-05&sort=pevoName&dir=asc`;
    const expected = sorted(
      rowsA.filter((r) => ["pending", "dispatched"].includes(r.status) && r.pickupDate >= "2026-03-05"),
      "pevoName",
      "asc",
    );
    const [, ...lines] = parseCsv((await asA(`/api/dispatches/export.csv?${query}`)).body);
    expect(lines).toEqual(expected.map(csvLine));
    // The list with the same query agrees (page and pageSize aside).
    const list = await asA(`/api/dispatches?${query}&pageSize=100`);
    expect(list.body.items.map((d: Body) => d.driverName)).toEqual(lines.map((l) => l[2]));
    const none = parseCsv((await asA(`/api/dispatches/export.csv?pevoId=${pevoB}`)).body);
    expect(none).toEqual([HEADER]);
  });

  test("Position: the position of the rate confirmation the dispatch fills, named as the dispatch page does", async () => {
    const admin = await t.signUpAdmin();
    for (const [driverName, positionType, positionName] of [
      ["Driver Lead", "lead_car", null],
      ["Driver Custom", "custom", "Rear Steer"],
      ["Driver None", null, null],
    ] as const) {
      await t.insertDispatch(admin.companyId, { driverName, positionType, positionName });
    }
    const res = await t.as(admin)("GET", "/api/dispatches/export.csv?sort=driverName&dir=asc");
    const [header = [], ...lines] = parseCsv(res.body);
    const position = header.indexOf("Position");
    expect(lines.map((l) => [l[2], l[position]])).toEqual([
      ["Driver Custom", "Rear Steer"],
      ["Driver Lead", "Lead Car"],
      ["Driver None", ""],
    ]);
    // Like every CSV the product exports, it starts with a UTF-8 byte order mark (for Excel).
    const file = await downloadCsv(t.app, `${APP_URL}/api/dispatches/export.csv`, admin.cookie);
    expect(file.bom).toBe(true);
  });

  test.each([
    ["pickupDate", "desc"],
    ["driverName", "asc"],
    ["pevoName", "desc"],
    ["status", "asc"],
    ["jobNumber", "asc"],
    ["createdAt", "desc"],
  ])(
    "more rows than one batch (sort=%s %s): every row exactly once, in the list's order",
    async (sort, dir) => {
      const asC = (path: string) => t.as(adminC)("GET", path);
      const res = await asC(`/api/dispatches/export.csv?sort=${sort}&dir=${dir}`);
      const [, ...lines] = parseCsv(res.body);
      expect(lines).toHaveLength(C_ROWS);
      const phones = lines.map((l) => l[3]);
      expect(new Set(phones).size).toBe(C_ROWS);
      // The same order as walking the list's pages.
      const listed: string[] = [];
      for (let page = 1; page <= Math.ceil(C_ROWS / 100); page++) {
        const list = await asC(`/api/dispatches?sort=${sort}&dir=${dir}&pageSize=100&page=${page}`);
        listed.push(...list.body.items.map((d: Body) => `${d.driverName}|${d.pickupDate}|${d.status}`));
      }
      expect(lines.map((l) => `${l[2]}|${l[7]}|${l[9]?.toLowerCase()}`)).toEqual(listed);
    },
  );
});
