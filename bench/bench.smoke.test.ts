/**
 * The benchmark's smoke check in `npm test`: the same seeding as `npm run bench`, scaled down
 * (10,000 vs 1,000 dispatches), then one request to every endpoint the benchmark drives, for each
 * company. It asserts sizes only — every answer is a 200, no list returns more than its page, no
 * response is over 100 KB — never timings (those belong to `npm run bench`).
 * PGlite in memory by default; PostgreSQL when TEST_DATABASE_URL is set (the test harness).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, createTestApp, type TestApp } from "../apps/server/test/harness";
import { checkSize, createDraftSettlement, endpointsOf, type SizeCheck, signIn } from "./endpoints";
import { analyze, type BenchCompany, seedBenchCompany } from "./seed";

describe("benchmark smoke check (10k vs 1k dispatches)", () => {
  let t: TestApp;
  let big: BenchCompany;
  let small: BenchCompany;

  beforeAll(async () => {
    t = await createTestApp();
    big = await seedBenchCompany(t.db, { name: "Big Escorts", dispatches: 10_000 });
    small = await seedBenchCompany(t.db, { name: "Small Escorts", dispatches: 1_000 });
    await analyze(t.db);
  }, 180_000);
  afterAll(() => t?.close());

  const fetcher = (path: string, init: RequestInit) => t.app.request(`${APP_URL}${path}`, init);

  it("seeds the data set in proportion", () => {
    expect(big.counts).toMatchObject({
      dispatches: 10_000,
      rate_confirmations: 2_000,
      invoices: 5_000,
      invoice_line_items: 10_000,
      clients: 200,
      pevos: 30,
    });
    expect(big.counts.trip_logs).toBeGreaterThan(4_000);
    expect(small.counts).toMatchObject({ dispatches: 1_000, rate_confirmations: 200, invoices: 500 });
  });

  it("answers every benchmarked endpoint with at most a page and under 100 KB", async () => {
    const checks: SizeCheck[] = [];
    for (const company of [big, small]) {
      const cookie = {
        admin: await signIn(fetcher, APP_URL, company.admin),
        pevo: await signIn(fetcher, APP_URL, company.pevo),
      };
      company.draftSettlementId = await createDraftSettlement(fetcher, APP_URL, cookie.admin, company.today);
      for (const endpoint of endpointsOf(company)) {
        const res = await fetcher(endpoint.path, { headers: { cookie: cookie[endpoint.as] } });
        const check = await checkSize(endpoint, res);
        checks.push({ ...check, name: `${company.name}: ${check.name}` });
      }
    }
    expect(checks.length).toBeGreaterThan(40);
    // Every endpoint's problems at once (a clearer failure than the first one alone).
    const problems = checks
      .filter((c) => c.problems.length > 0)
      .map((c) => `${c.name}: ${c.problems.join("; ")}`);
    expect(problems).toEqual([]);
  }, 120_000);
});
