import { pevos } from "@pevo/db";
import { PEVO_SORTS, type PevoSort } from "@pevo/shared";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../../test/harness";
import { expectedOrder, type Get, lower, readAllPages, type SortKey } from "../../../test/list-order";
import { nth } from "../../../test/rows";

type Pevo = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  licenseNumber: string | null;
  certificationExpiry: string | null;
  status: "active" | "inactive";
  createdAt: string;
};

let t: TestApp;
let admin: SignedUpAdmin;
let other: SignedUpAdmin;
let get: Get;
let seeded: Pevo[];

const FIRST = ["Casey", "Avery", "Jamie", "Riley", "Morgan", "Taylor"];
// The same length, so that every collation orders "last first" like JavaScript.
const LAST = ["Whitt", "Baker", "Young", "Moore", "Perez", "Nolan", "Quinn"];
const SIZE = 46;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Roster Escorts" });
  other = await t.signUpAdmin({ companyName: "Other Roster Escorts" });
  get = (path) => t.as(admin)("GET", path);
  const base = Date.parse("2025-05-01T08:00:00.000Z");
  const rows = Array.from({ length: SIZE }, (_, i) => {
    const first = nth(FIRST, i % FIRST.length);
    const last = nth(LAST, (i * 3) % LAST.length);
    return {
      companyId: admin.companyId,
      firstName: `${first}${i % 3 === 0 ? "" : String.fromCharCode(97 + (i % 26))}`,
      lastName: last,
      email: i % 5 === 0 ? null : `${first.toLowerCase()}${String(i).padStart(2, "0")}@roster.test`,
      phone: i % 4 === 0 ? null : `(806) 555-${String(2000 + i * 13)}`,
      licenseNumber: i % 7 === 0 ? null : `TX-${String((i * 71) % 1000).padStart(3, "0")}`,
      certificationExpiry:
        i % 6 === 0
          ? null
          : `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")}`,
      status: i % 4 === 1 ? ("inactive" as const) : ("active" as const),
      createdAt: new Date(base + Math.floor(i / 2) * 3_600_000),
    };
  });
  await t.db.insert(pevos).values(rows);
  await t.db.insert(pevos).values({
    companyId: other.companyId,
    firstName: "Casey",
    lastName: "Whitt",
    email: "casey.other@roster.test",
    phone: "(806) 555-2000",
  });
  seeded = await readAllPages<Pevo>(get, "/api/pevos?sort=lastName", 100);
  expect(seeded).toHaveLength(SIZE);
});
afterAll(() => t.close());

const SORT_KEYS: Record<PevoSort, (p: Pevo) => SortKey[]> = {
  lastName: (p) => [lower(p.lastName), lower(p.firstName)],
  email: (p) => [lower(p.email)],
  phone: (p) => [p.phone],
  licenseNumber: (p) => [lower(p.licenseNumber)],
  certificationExpiry: (p) => [p.certificationExpiry],
  status: (p) => [p.status],
  createdAt: (p) => [p.createdAt],
};

describe("GET /api/pevos: paging", () => {
  test("the default: the first 25 by last name, then first name", async () => {
    const res = await get("/api/pevos");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: SIZE, page: 1, pageSize: 25 });
    expect(res.body.items.map((p: Pevo) => p.id)).toEqual(
      expectedOrder(seeded, SORT_KEYS.lastName, "asc")
        .slice(0, 25)
        .map((p) => p.id),
    );
  });

  test("the last page is partial; beyond the last is empty with the total", async () => {
    expect((await get("/api/pevos?page=2")).body.items).toHaveLength(SIZE - 25);
    expect((await get("/api/pevos?page=3")).body).toEqual({
      items: [],
      total: SIZE,
      totalCapped: false,
      page: 3,
      pageSize: 25,
    });
  });

  test.each([
    ["page=0", "page must be a whole number from 1 to 10000"],
    ["pageSize=500", "pageSize must be a whole number from 1 to 100"],
    ["sort=firstName", `sort must be one of: ${PEVO_SORTS.join(", ")}`],
    ["dir=ascending", "dir must be asc or desc"],
    ["status=retired", "status must be one of: active, inactive"],
    [`q=${"y".repeat(101)}`, "q must be at most 100 characters"],
  ])("%s is a 400 with a message", async (query, message) => {
    const res = await get(`/api/pevos?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });
});

describe("GET /api/pevos: sorting", () => {
  for (const sort of PEVO_SORTS) {
    for (const dir of ["asc", "desc"] as const) {
      test(`sort=${sort}&dir=${dir}: the order JavaScript gives, across pages`, async () => {
        const rows = await readAllPages<Pevo>(get, `/api/pevos?sort=${sort}&dir=${dir}`, 9);
        expect(rows.map((p) => p.id)).toEqual(expectedOrder(seeded, SORT_KEYS[sort], dir).map((p) => p.id));
      });
    }
  }
});

describe("GET /api/pevos: filters and search", () => {
  const search = (term: string) => (p: Pevo) =>
    [p.firstName, p.lastName, `${p.firstName} ${p.lastName}`, p.email, p.phone].some((v) =>
      v?.toLowerCase().includes(term.toLowerCase()),
    );

  test.each(["active", "inactive"] as const)("status=%s", async (status) => {
    const expected = expectedOrder(
      seeded.filter((p) => p.status === status),
      SORT_KEYS.lastName,
      "asc",
    );
    expect(expected.length).toBeGreaterThan(0);
    const rows = await readAllPages<Pevo>(get, `/api/pevos?status=${status}`, 7);
    expect(rows.map((p) => p.id)).toEqual(expected.map((p) => p.id));
  });

  test.each([
    ["a first name, any case", "rILEY"],
    ["a last name", "quinn"],
    ["the full name, partly typed", "casey whit"],
    ["an email", "morgan1"],
    ["a phone", "555-22"],
  ])("search by %s: the same rows as in JavaScript, only the company's own", async (_, term) => {
    const expected = expectedOrder(seeded.filter(search(term)), SORT_KEYS.lastName, "asc");
    expect(expected.length).toBeGreaterThan(0);
    const rows = await readAllPages<Pevo>(get, `/api/pevos?q=${encodeURIComponent(term)}`, 4);
    expect(rows.map((p) => p.id)).toEqual(expected.map((p) => p.id));
  });

  test("search and status together, sorted by email descending (the pickers' query with another sort)", async () => {
    const expected = expectedOrder(
      seeded.filter((p) => p.status === "active" && search("casey")(p)),
      SORT_KEYS.email,
      "desc",
    );
    const rows = await readAllPages<Pevo>(get, "/api/pevos?status=active&q=casey&sort=email&dir=desc", 3);
    expect(rows.map((p) => p.id)).toEqual(expected.map((p) => p.id));
  });

  test("a search's page carries its total; beyond its last page and with no match the total still holds", async () => {
    const matching = seeded.filter(search("casey")).length;
    expect(matching).toBeGreaterThan(2);
    const first = await get("/api/pevos?q=casey&pageSize=2");
    expect(first.body).toMatchObject({ total: matching, totalCapped: false, page: 1, pageSize: 2 });
    expect(first.body.items).toHaveLength(2);
    expect((await get("/api/pevos?q=casey&page=99&pageSize=2")).body).toEqual({
      items: [],
      total: matching,
      totalCapped: false,
      page: 99,
      pageSize: 2,
    });
    expect((await get("/api/pevos?q=nobody-here")).body).toMatchObject({ items: [], total: 0, page: 1 });
  });

  test("another company's PEVO matching the search is not listed; it sees only its own", async () => {
    const ids = new Set(seeded.map((p) => p.id));
    const mine = await readAllPages<Pevo>(get, "/api/pevos?q=casey.other", 25);
    expect(mine).toEqual([]);
    const theirs = await t.as(other)("GET", "/api/pevos?q=casey&status=active");
    expect(theirs.body.total).toBe(1);
    expect(ids.has(theirs.body.items[0].id)).toBe(false);
  });

  test("% and _ in the term match themselves", async () => {
    const fresh = await t.signUpAdmin();
    for (const [firstName, lastName] of [
      ["Ann_a", "Lee"],
      ["Annxa", "Lee"],
      ["Bo", "Percent%"],
      ["Bo", "Percentage"],
    ]) {
      await t.as(fresh)("POST", "/api/pevos", { firstName, lastName });
    }
    const names = async (q: string) =>
      (await t.as(fresh)("GET", `/api/pevos?q=${encodeURIComponent(q)}`)).body.items.map(
        (p: Pevo) => `${p.firstName} ${p.lastName}`,
      );
    expect(await names("n_a")).toEqual(["Ann_a Lee"]);
    expect(await names("%")).toEqual(["Bo Percent%"]);
    expect(await names("t%")).toEqual(["Bo Percent%"]);
  });
});
