/**
 * GET /api/rate-confirmations pages, sorts and filters on the server: each sort and filter on a
 * seeded set is compared with the same done in JavaScript, paging edges, bad parameters, tenancy.
 */
import { clients, positions, rateConfirmations } from "@pevo/db";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../../test/harness";

type Row = {
  id: string;
  clientId: string;
  clientName: string;
  jobNumber: string;
  originAddress: string;
  destinationAddress: string;
  startDate: string;
  endDate: string | null;
  canceled: boolean;
  createdAt: Date;
  positionsCount: number;
};
type Item = { id: string; positionsCount: number; clientName: string; canceledAt: string | null };

let t: TestApp;
let admin: SignedUpAdmin;
let other: SignedUpAdmin;
let rows: Row[] = [];
let otherClientId: string;
const CLIENT_NAMES = ["Acme", "Bravo", "Cobalt"];

const get = async (query: string, who = admin) => t.as(who)("GET", `/api/rate-confirmations?${query}`);
const ids = (list: Row[]) => list.map((r) => r.id);

/** Every page of a query, read with pageSize 7. */
async function walk(query: string) {
  const seen: Item[] = [];
  let total = -1;
  for (let page = 1; page < 50; page++) {
    const res = await get(`${query}&pageSize=7&page=${page}`);
    expect(res.status).toBe(200);
    expect(res.body.page).toBe(page);
    expect(res.body.pageSize).toBe(7);
    expect(res.body.items.length).toBeLessThanOrEqual(7);
    total = res.body.total;
    seen.push(...res.body.items);
    if (page * 7 >= total) break;
  }
  expect(seen).toHaveLength(total);
  return seen;
}

type Sort = "startDate" | "jobNumber" | "clientName" | "endDate" | "createdAt";
const value = (r: Row, sort: Sort) =>
  sort === "createdAt" ? r.createdAt.toISOString() : sort === "clientName" ? r.clientName : r[sort];

/** PostgreSQL's order: NULLs last ascending, first descending; then the id. */
function sorted(list: Row[], sort: Sort, dir: "asc" | "desc") {
  const sign = dir === "asc" ? 1 : -1;
  const cmp = (a: string | null, b: string | null) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return a < b ? -1 : 1;
  };
  return [...list].sort((a, b) => sign * (cmp(value(a, sort), value(b, sort)) || cmp(a.id, b.id)));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "List Escorts" });
  other = await t.signUpAdmin({ companyName: "Other Escorts" });
  const made = await t.db
    .insert(clients)
    .values(CLIENT_NAMES.map((name) => ({ companyId: admin.companyId, name })))
    .returning({ id: clients.id, name: clients.name });
  const [theirs] = await t.db
    .insert(clients)
    .values({ companyId: other.companyId, name: "Acme" })
    .returning({ id: clients.id });
  otherClientId = theirs?.id ?? "";

  // 37 rows: shared start dates, some without an end date, some canceled, 0–3 positions.
  const values = Array.from({ length: 37 }, (_, i) => {
    const client = made[i % 3];
    if (!client) throw new Error("no client");
    return {
      companyId: admin.companyId,
      clientId: client.id,
      jobNumber: `PG-${String((i * 17) % 37).padStart(4, "0")}`,
      originAddress: i % 5 === 0 ? `Mesa ${i} Yard, AZ` : `Houston ${i}, TX`,
      destinationAddress: i % 7 === 0 ? `Depot MESA-${i}, NM` : `Denver ${i}, CO`,
      startDate: `2025-0${1 + (i % 6)}-${String(1 + (i % 4) * 7).padStart(2, "0")}`,
      endDate: i % 4 === 0 ? null : `2025-0${1 + (i % 6)}-${String(2 + (i % 9) * 3).padStart(2, "0")}`,
      description: "Seeded",
      canceledAt: i % 6 === 5 ? new Date("2025-07-01T00:00:00Z") : null,
      createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 20), 12)),
    };
  });
  const inserted = await t.db.insert(rateConfirmations).values(values).returning();
  const positionRows = inserted.flatMap((rc, i) =>
    Array.from({ length: i % 4 }, () => ({
      companyId: admin.companyId,
      rateConfirmationId: rc.id,
      positionType: "lead_car" as const,
    })),
  );
  await t.db.insert(positions).values(positionRows);
  rows = inserted.map((rc, i) => ({
    id: rc.id,
    clientId: rc.clientId,
    clientName: made.find((c) => c.id === rc.clientId)?.name ?? "",
    jobNumber: rc.jobNumber,
    originAddress: rc.originAddress,
    destinationAddress: rc.destinationAddress,
    startDate: rc.startDate,
    endDate: rc.endDate,
    canceled: rc.canceledAt !== null,
    createdAt: rc.createdAt,
    positionsCount: i % 4,
  }));

  // The other company: rows that every filter of ours would match.
  await t.db
    .insert(rateConfirmations)
    .values(values.slice(0, 5).map((v) => ({ ...v, companyId: other.companyId, clientId: otherClientId })));
});
afterAll(() => t.close());

describe("GET /api/rate-confirmations: paging", () => {
  test("the default: page 1 of 25, active ones, newest start date first, with client and positions", async () => {
    const res = await get("");
    expect(res.status).toBe(200);
    const active = sorted(
      rows.filter((r) => !r.canceled),
      "startDate",
      "desc",
    );
    expect(res.body.total).toBe(active.length);
    expect(res.body.page).toBe(1);
    expect(res.body.pageSize).toBe(25);
    expect(res.body.items.map((i: Item) => i.id)).toEqual(ids(active.slice(0, 25)));
    for (const item of res.body.items as Item[]) {
      const row = rows.find((r) => r.id === item.id);
      expect(item.positionsCount).toBe(row?.positionsCount);
      expect(item.clientName).toBe(row?.clientName);
    }
  });

  test("each sort, both ways, read page by page, is the JavaScript order (every row once)", async () => {
    for (const sort of ["startDate", "jobNumber", "clientName", "endDate", "createdAt"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const seen = await walk(`includeCanceled=true&sort=${sort}&dir=${dir}`);
        expect(
          seen.map((i) => i.id),
          `${sort} ${dir}`,
        ).toEqual(ids(sorted(rows, sort, dir)));
        expect(seen.map((i) => i.positionsCount)).toEqual(
          sorted(rows, sort, dir).map((r) => r.positionsCount),
        );
      }
    }
  });

  test("edges: the last page is partial, past the end is empty with the total, an empty company is 0", async () => {
    const all = sorted(rows, "startDate", "desc");
    const last = await get("includeCanceled=true&pageSize=10&page=4");
    expect(last.body.items.map((i: Item) => i.id)).toEqual(ids(all.slice(30)));
    expect(last.body.total).toBe(37);
    const beyond = await get("includeCanceled=true&pageSize=10&page=5");
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ items: [], total: 37, totalCapped: false, page: 5, pageSize: 10 });
    const fresh = await t.signUpAdmin();
    expect((await get("", fresh)).body).toEqual({
      items: [],
      total: 0,
      totalCapped: false,
      page: 1,
      pageSize: 25,
    });
    const max = await get("includeCanceled=true&pageSize=100");
    expect(max.body.items).toHaveLength(37);
  });
});

describe("GET /api/rate-confirmations: filters", () => {
  const check = async (query: string, expected: Row[]) => {
    const seen = await walk(`${query}&sort=jobNumber&dir=asc`);
    expect(
      seen.map((i) => i.id),
      query,
    ).toEqual(ids(sorted(expected, "jobNumber", "asc")));
  };

  test("canceled: active by default, includeCanceled adds them, canceled=true only them, canceled=false none", async () => {
    await check(
      "x=1",
      rows.filter((r) => !r.canceled),
    );
    await check("includeCanceled=true", rows);
    await check(
      "canceled=true",
      rows.filter((r) => r.canceled),
    );
    await check(
      "includeCanceled=true&canceled=true",
      rows.filter((r) => r.canceled),
    );
    await check(
      "includeCanceled=true&canceled=false",
      rows.filter((r) => !r.canceled),
    );
    expect(rows.some((r) => r.canceled)).toBe(true);
  });

  test("clientId, the start date range (both ends inclusive) and q, alone and together", async () => {
    const acme = rows.find((r) => r.clientName === "Acme")?.clientId ?? "";
    await check(
      `includeCanceled=true&clientId=${acme}`,
      rows.filter((r) => r.clientId === acme),
    );
    await check(
      "includeCanceled=true&startFrom=2025-02-08&startTo=2025-04-15",
      rows.filter((r) => r.startDate >= "2025-02-08" && r.startDate <= "2025-04-15"),
    );
    await check(
      "includeCanceled=true&startFrom=2025-05-22",
      rows.filter((r) => r.startDate >= "2025-05-22"),
    );
    await check(
      "includeCanceled=true&startTo=2025-01-01",
      rows.filter((r) => r.startDate <= "2025-01-01"),
    );
    expect(rows.filter((r) => r.startDate === "2025-01-01").length).toBeGreaterThan(0);
    const matches = (r: Row, term: string) =>
      [r.jobNumber, r.originAddress, r.destinationAddress].some((v) =>
        v.toLowerCase().includes(term.toLowerCase()),
      );
    await check(
      "includeCanceled=true&q=mesa",
      rows.filter((r) => matches(r, "mesa")),
    );
    await check(
      "includeCanceled=true&q=%20pg-000%20",
      rows.filter((r) => matches(r, "pg-000")),
    );
    await check("includeCanceled=true&q=Mesa%25", []);
    await check("includeCanceled=true&q=", rows);
    await check(
      `clientId=${acme}&startFrom=2025-02-01&q=mesa`,
      rows.filter(
        (r) => !r.canceled && r.clientId === acme && r.startDate >= "2025-02-01" && matches(r, "mesa"),
      ),
    );
  });

  test("another company's client id, dates or search match nothing of theirs", async () => {
    const res = await get(`includeCanceled=true&clientId=${otherClientId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 25 });
    const theirs = await get("includeCanceled=true&pageSize=100", other);
    expect(theirs.body.total).toBe(5);
    const ours = new Set(ids(rows));
    expect(theirs.body.items.some((i: Item) => ours.has(i.id))).toBe(false);
    const mine = await get("includeCanceled=true&pageSize=100&q=PG-");
    expect(mine.body.total).toBe(37);
  });

  test("bad parameters are a 400 with a clear message", async () => {
    const cases: [string, string][] = [
      ["page=0", "page must be a whole number from 1 to 10000"],
      ["page=abc", "page must be a whole number from 1 to 10000"],
      ["pageSize=101", "pageSize must be a whole number from 1 to 100"],
      ["pageSize=0", "pageSize must be a whole number from 1 to 100"],
      ["sort=origin", "sort must be one of: startDate, jobNumber, clientName, endDate, createdAt"],
      ["dir=up", "dir must be asc or desc"],
      ["clientId=nope", "clientId must be an id"],
      ["startFrom=2025-13-01", "startFrom must be a date (YYYY-MM-DD)"],
      ["startTo=tomorrow", "startTo must be a date (YYYY-MM-DD)"],
      [`q=${"x".repeat(101)}`, "q must be at most 100 characters"],
      ["includeCanceled=yes", "includeCanceled must be true or false"],
      ["canceled=1", "canceled must be true or false"],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(message);
    }
  });
});
