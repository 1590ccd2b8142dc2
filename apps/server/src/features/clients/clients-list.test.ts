import { clients } from "@pevo/db";
import { CLIENT_SORTS, type ClientSort } from "@pevo/shared";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../../test/harness";
import { expectedOrder, type Get, lower, readAllPages, type SortKey } from "../../../test/list-order";
import { nth } from "../../../test/rows";

type Client = {
  id: string;
  name: string;
  contactPerson: string | null;
  email: string | null;
  phone: string | null;
  createdAt: string;
};

let t: TestApp;
let admin: SignedUpAdmin;
let other: SignedUpAdmin;
let get: Get;
/** Company A's seeded clients, as the API answers them. */
let seeded: Client[];

const WORDS = ["amber", "birch", "cedar", "delta", "ember", "flint", "grove", "haven", "ivory", "jetty"];
const SIZE = 57;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Listing Escorts" });
  other = await t.signUpAdmin({ companyName: "Other Escorts" });
  get = (path) => t.as(admin)("GET", path);
  // Values of one shape, so that every collation orders them like JavaScript; some missing values
  // and some equal creation times (the id breaks the tie).
  const base = Date.parse("2025-03-01T12:00:00.000Z");
  const rows = Array.from({ length: SIZE }, (_, i) => {
    const word = nth(WORDS, (i * 7) % WORDS.length, "word");
    const n = String((i * 37) % 100).padStart(2, "0");
    return {
      companyId: admin.companyId,
      name: `${word.charAt(0).toUpperCase()}${word.slice(1)} Hauling ${n}${i % 10}`,
      contactPerson: i % 6 === 0 ? null : `${WORDS[(i * 3) % WORDS.length]} ${WORDS[i % WORDS.length]}`,
      email: i % 5 === 0 ? null : `${word}${n}${i % 10}@example.test`,
      phone: i % 4 === 0 ? null : `(555) 01${n}-${String(1000 + i).slice(1)}`,
      createdAt: new Date(base + Math.floor(i / 3) * 60_000),
    };
  });
  await t.db.insert(clients).values(rows);
  // Company B has a client matching every search of these tests.
  await t.db.insert(clients).values({
    companyId: other.companyId,
    name: "Amber Hauling 999",
    contactPerson: "amber birch",
    email: "amber999@example.test",
    phone: "(555) 0199-999",
  });
  seeded = (await readAllPages<Client>(get, "/api/clients?sort=name", 100)) as Client[];
  expect(seeded).toHaveLength(SIZE);
});
afterAll(() => t.close());

const SORT_KEYS: Record<ClientSort, (c: Client) => SortKey[]> = {
  name: (c) => [lower(c.name)],
  contactPerson: (c) => [lower(c.contactPerson)],
  email: (c) => [lower(c.email)],
  phone: (c) => [c.phone],
  createdAt: (c) => [c.createdAt],
};

describe("GET /api/clients: paging", () => {
  test("the default: the first 25 by name, with the total", async () => {
    const res = await get("/api/clients");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(SIZE);
    expect(res.body.page).toBe(1);
    expect(res.body.pageSize).toBe(25);
    expect(res.body.items.map((c: Client) => c.id)).toEqual(
      expectedOrder(seeded, SORT_KEYS.name, "asc")
        .slice(0, 25)
        .map((c) => c.id),
    );
  });

  test("the last page is partial; a page beyond the last is empty and keeps the total", async () => {
    const last = await get("/api/clients?page=3&pageSize=25");
    expect(last.body.items).toHaveLength(SIZE - 50);
    expect(last.body.total).toBe(SIZE);
    const beyond = await get("/api/clients?page=4&pageSize=25");
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ items: [], total: SIZE, totalCapped: false, page: 4, pageSize: 25 });
  });

  test("a company without clients: an empty first page", async () => {
    const fresh = await t.signUpAdmin();
    const res = await t.as(fresh)("GET", "/api/clients?page=1&pageSize=100");
    expect(res.body).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 100 });
  });

  test("pageSize 1 and 100 are the limits", async () => {
    expect((await get("/api/clients?pageSize=1")).body.items).toHaveLength(1);
    expect((await get("/api/clients?pageSize=100")).body.items).toHaveLength(SIZE);
  });

  test.each([
    ["page=0", "page must be a whole number from 1 to 10000"],
    ["page=-1", "page must be a whole number from 1 to 10000"],
    ["page=two", "page must be a whole number from 1 to 10000"],
    ["page=1.5", "page must be a whole number from 1 to 10000"],
    ["pageSize=0", "pageSize must be a whole number from 1 to 100"],
    ["pageSize=101", "pageSize must be a whole number from 1 to 100"],
    ["sort=mcNumber", `sort must be one of: ${CLIENT_SORTS.join(", ")}`],
    ["dir=up", "dir must be asc or desc"],
    [`q=${"x".repeat(101)}`, "q must be at most 100 characters"],
  ])("%s is a 400 with a message", async (query, message) => {
    const res = await get(`/api/clients?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });
});

describe("GET /api/clients: sorting", () => {
  for (const sort of CLIENT_SORTS) {
    for (const dir of ["asc", "desc"] as const) {
      test(`sort=${sort}&dir=${dir}: every page in the order JavaScript gives, none skipped or repeated`, async () => {
        const rows = await readAllPages<Client>(get, `/api/clients?sort=${sort}&dir=${dir}`, 10);
        expect(rows.map((c) => c.id)).toEqual(expectedOrder(seeded, SORT_KEYS[sort], dir).map((c) => c.id));
      });
    }
  }
});

describe("GET /api/clients: search", () => {
  const matches = (term: string) =>
    seeded.filter((c) =>
      [c.name, c.contactPerson, c.email, c.phone].some((v) => v?.toLowerCase().includes(term.toLowerCase())),
    );

  test.each([
    ["part of a name, any case", "hAULING 3"],
    ["a contact person", "cedar ember"],
    ["part of an email", "ivory1"],
    ["part of a phone", "0137"],
    ["a word in several columns", "grove"],
  ])("%s: the same rows as in JavaScript, only the company's own", async (_, term) => {
    const expected = expectedOrder(matches(term), SORT_KEYS.name, "asc");
    expect(expected.length).toBeGreaterThan(0);
    const rows = await readAllPages<Client>(get, `/api/clients?q=${encodeURIComponent(term)}`, 5);
    expect(rows.map((c) => c.id)).toEqual(expected.map((c) => c.id));
  });

  test("another company's matching client is not found; a term matching nothing gives an empty page", async () => {
    const res = await get("/api/clients?q=999");
    expect(res.body).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 25 });
    const theirs = await t.as(other)("GET", "/api/clients?q=amber");
    expect(theirs.body.items.map((c: Client) => c.name)).toEqual(["Amber Hauling 999"]);
  });

  test("a page beyond a search's last is empty and keeps the search's total", async () => {
    const total = matches("grove").length;
    expect(total).toBeGreaterThan(0);
    expect((await get("/api/clients?q=grove&page=50&pageSize=5")).body).toEqual({
      items: [],
      total,
      totalCapped: false,
      page: 50,
      pageSize: 5,
    });
  });

  test("surrounding spaces are ignored; an empty q is no search", async () => {
    expect((await get("/api/clients?q=%20%20birch%20")).body.total).toBe(matches("birch").length);
    expect((await get("/api/clients?q=")).body.total).toBe(SIZE);
  });

  test("% and _ in the term match themselves, not any text", async () => {
    const fresh = await t.signUpAdmin();
    for (const name of ["100% Steel", "1000 Steel", "Under_Score Co", "UnderXScore Co", "Back\\slash"]) {
      await t.createClient(fresh, { name });
    }
    const search = async (q: string) =>
      (await t.as(fresh)("GET", `/api/clients?q=${encodeURIComponent(q)}`)).body.items.map(
        (c: Client) => c.name,
      );
    expect(await search("100%")).toEqual(["100% Steel"]);
    expect(await search("%")).toEqual(["100% Steel"]);
    expect(await search("r_s")).toEqual(["Under_Score Co"]);
    expect(await search("_")).toEqual(["Under_Score Co"]);
    expect(await search("k\\s")).toEqual(["Back\\slash"]);
  });

  test("a term matches within one field, not across two; an edit is found by its new values at once", async () => {
    const fresh = await t.signUpAdmin();
    const client = await t.createClient(fresh, { name: "Ridge Line", contactPerson: "Omar Stone" });
    const search = async (q: string) =>
      (await t.as(fresh)("GET", `/api/clients?q=${encodeURIComponent(q)}`)).body.items.map(
        (c: Client) => c.name,
      );
    expect(await search("ridge line")).toEqual(["Ridge Line"]);
    expect(await search("line omar")).toEqual([]);
    expect(await search("line\nomar")).toEqual([]);
    const edit = await t.as(fresh)("PUT", `/api/clients/${client.id}`, {
      name: "Summit Freight",
      contactPerson: "Omar Stone",
    });
    expect(edit.status).toBe(200);
    expect(await search("ridge")).toEqual([]);
    expect(await search("SUMMIT")).toEqual(["Summit Freight"]);
  });
});
