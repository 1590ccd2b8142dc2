import { clients } from "@pevo/db";
import { COUNT_CAP, SEARCH_COUNT_CAP } from "@pevo/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../test/harness";

// An offset list counts at most COUNT_CAP rows and serves pages within them (paging.ts).
let t: TestApp;
let admin: SignedUpAdmin;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Big Escorts" });
  await t.db.execute(
    sql`insert into ${clients} (company_id, name)
        select ${admin.companyId}, 'Client ' || lpad(n::text, 5, '0') from generate_series(1, ${COUNT_CAP + 5}) n`,
  );
});
afterAll(() => t.close());

describe("a list with more rows than the count cap", () => {
  test("the total stops at the cap and says so", async () => {
    const res = await t.as(admin)("GET", "/api/clients?pageSize=100");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: COUNT_CAP, totalCapped: true, page: 1, pageSize: 100 });
    expect(res.body.items).toHaveLength(100);
  });

  test("the last page within the cap is served; the one after it is a 400 naming it", async () => {
    const last = COUNT_CAP / 100;
    const ok = await t.as(admin)("GET", `/api/clients?pageSize=100&page=${last}&sort=name&dir=asc`);
    expect(ok.status).toBe(200);
    expect(ok.body.items).toHaveLength(100);
    expect(ok.body.items.at(-1).name).toBe(`Client ${String(COUNT_CAP).padStart(5, "0")}`);

    const beyond = await t.as(admin)("GET", `/api/clients?pageSize=100&page=${last + 1}`);
    expect(beyond.status).toBe(400);
    expect(beyond.body.fields.page).toBe(
      `page is beyond the first 10,000 rows: the last page is ${last}; narrow the filters or reverse the sort`,
    );
  });

  test("the other end of the list is the reversed sort, and a filter under the cap counts exactly", async () => {
    const reversed = await t.as(admin)("GET", "/api/clients?pageSize=1&sort=name&dir=desc");
    expect(reversed.body.items[0].name).toBe(`Client ${String(COUNT_CAP + 5).padStart(5, "0")}`);

    const filtered = await t.as(admin)("GET", "/api/clients?q=Client%200001");
    expect(filtered.body).toMatchObject({ total: 10, totalCapped: false });
  });
});

describe("a text search with more matches than the search cap", () => {
  test("counts up to SEARCH_COUNT_CAP and says so; its pages stop there", async () => {
    const res = await t.as(admin)("GET", "/api/clients?q=client&pageSize=100&sort=name&dir=asc");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(res.body.items[0].name).toBe("Client 00001");

    const last = SEARCH_COUNT_CAP / 100;
    const lastPage = await t.as(admin)(
      "GET",
      `/api/clients?q=client&pageSize=100&page=${last}&sort=name&dir=asc`,
    );
    expect(lastPage.body.items.at(-1).name).toBe(`Client ${String(SEARCH_COUNT_CAP).padStart(5, "0")}`);
    const beyond = await t.as(admin)("GET", `/api/clients?q=client&pageSize=100&page=${last + 1}`);
    expect(beyond.status).toBe(400);
    expect(beyond.body.fields.page).toBe(
      `page is beyond the first 1,000 rows: the last page is ${last}; narrow the filters or reverse the sort`,
    );
  });

  test("the same list without the search still counts up to COUNT_CAP", async () => {
    const res = await t.as(admin)("GET", `/api/clients?pageSize=100&page=${SEARCH_COUNT_CAP / 100 + 1}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: COUNT_CAP, totalCapped: true });
  });
});
