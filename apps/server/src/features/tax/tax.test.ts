/**
 * The W-9 on file and the 1099-NEC year end (DECISIONS 'Year end: W-9 and 1099-NEC'): a PEVO enters
 * and sees only their own; the office enters and reads any of the company's; the TIN is stored sealed
 * (the column read directly), answered masked everywhere, written out only by the logged reveal, and
 * never logged; bad input is a 400 with field messages and saves nothing; the tax year's settings,
 * the missing W-9s and the CSV / Copy B routes.
 */
import { activityEvents, pevoTaxProfiles, taxYearSettings } from "@pevo/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { csvRecords } from "../../../test/csv";
import {
  APP_URL,
  createTestApp,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  type TestResponse,
} from "../../../test/harness";
import { captureLogs, type LogLine } from "../../../test/log-capture";
import { readPdf } from "../../../test/pdf-text";
import { FORM_1099_CSV_HEADER } from "../../domain/tax-profiles";
import { setLogger } from "../../lib/log";

const SETUP_TIMEOUT = 180_000;
// Not the examples of the messages ("123-45-6789", "12-3456789"): an error quoting them is no leak.
const SSN = "234-56-7891";
const SSN_DIGITS = "234567891";
const EIN = "27-1234567";
const EIN_DIGITS = "271234567";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let pevo2: TestPevo;
let logLines: LogLine[];
/** Every answer of this file's calls but the reveal's, searched for the TINs at the end. */
const answers: { what: string; text: string }[] = [];

const w9Body = (overrides: Record<string, unknown> = {}) => ({
  legalName: "Paula One",
  businessName: "One Escorts LLC",
  classification: "individual",
  address: "12 Elm St",
  city: "Tulsa",
  state: "OK",
  zip: "74103",
  tinType: "ssn",
  tin: SSN,
  ...overrides,
});

async function call(cookie: string, method: string, path: string, body?: unknown): Promise<TestResponse> {
  const res = await t.request(method, path, { cookie, body });
  if (!path.endsWith("/reveal")) {
    answers.push({
      what: `${method} ${path}`,
      text: typeof res.body === "string" ? res.body : JSON.stringify(res.body),
    });
  }
  return res;
}

beforeAll(async () => {
  t = await createTestApp();
  const capture = captureLogs("trace");
  setLogger(capture.logger);
  logLines = capture.lines;
  const two = await t.createTwoCompanies();
  ({ adminA, adminB, pevo1, pevo2 } = two);
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

describe("a PEVO's own W-9", () => {
  test("the PEVO enters it in the portal and reads it back masked; a coworker sees only their own", async () => {
    const empty = await call(pevo1.cookie, "GET", "/api/portal/tax-profile");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ pevoId: pevo1.pevoId, profile: null, w9: null, complete: false });

    const saved = await call(pevo1.cookie, "PUT", "/api/portal/tax-profile", w9Body());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.profile).toMatchObject({
      legalName: "Paula One",
      businessName: "One Escorts LLC",
      tinType: "ssn",
      tinMasked: "•••-••-7891",
    });
    expect(saved.body.complete).toBe(false);

    const coworker = await call(pevo2.cookie, "GET", "/api/portal/tax-profile");
    expect(coworker.body).toEqual({ pevoId: pevo2.pevoId, profile: null, w9: null, complete: false });
  });

  test("the TIN is stored sealed: no column holds it, only its last 4 digits", async () => {
    const [row] = await t.db.select().from(pevoTaxProfiles).where(eq(pevoTaxProfiles.pevoId, pevo1.pevoId));
    expect(row).toBeDefined();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(SSN_DIGITS);
    expect(stored).not.toContain(SSN);
    expect(row?.tinLast4).toBe("7891");
    expect(Buffer.from(row?.tinCiphertext ?? "", "base64").toString("latin1")).not.toContain(SSN_DIGITS);
    expect(Buffer.from(row?.tinIv ?? "", "base64")).toHaveLength(12);
    expect(Buffer.from(row?.tinTag ?? "", "base64")).toHaveLength(16);
  });

  test("a blank TIN keeps the one on file; a new TIN type needs a new TIN", async () => {
    const kept = await call(
      pevo1.cookie,
      "PUT",
      "/api/portal/tax-profile",
      w9Body({ tin: "", city: "Norman" }),
    );
    expect(kept.status).toBe(200);
    expect(kept.body.profile).toMatchObject({ city: "Norman", tinMasked: "•••-••-7891" });
    const switched = await call(
      pevo1.cookie,
      "PUT",
      "/api/portal/tax-profile",
      w9Body({ tin: "", tinType: "ein" }),
    );
    expect(switched.status).toBe(400);
    expect(switched.body.fields).toEqual({ tin: "TIN is required" });
  });

  test("bad input is a 400 with field messages and changes nothing", async () => {
    const before = await t.db.select().from(pevoTaxProfiles).where(eq(pevoTaxProfiles.pevoId, pevo1.pevoId));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tin: "12345678" }, "tin", "SSN must be 9 digits, e.g. 123-45-6789"],
      [{ tin: "000-12-3456" }, "tin", "This is not a valid SSN (its first 3 digits)"],
      [{ tinType: "ein", tin: "07-1234567" }, "tin", "This is not a valid EIN (its first 2 digits)"],
      [{ tin: "1".repeat(21) }, "tin", "TIN must be at most 20 characters"],
      [{ legalName: "x".repeat(101) }, "legalName", "Legal name must be at most 100 characters"],
      [{ legalName: "" }, "legalName", "Legal name is required"],
      [{ city: "Tul\u0007sa" }, "city", "City must be one line of text, without control characters"],
      [{ zip: "7410" }, "zip", "ZIP code must be 5 digits, or ZIP+4 (12345-6789)"],
      [{ state: "XX" }, "state", "Choose a state"],
      [
        { classification: "other", classificationOther: "" },
        "classificationOther",
        "Say which classification",
      ],
      [{ classification: "robot" }, "classification", "Choose the federal tax classification"],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call(pevo1.cookie, "PUT", "/api/portal/tax-profile", w9Body(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.fields?.[field], JSON.stringify(res.body)).toBe(message);
    }
    const first = await call(pevo2.cookie, "PUT", "/api/portal/tax-profile", w9Body({ tin: null }));
    expect(first.status).toBe(400);
    expect(first.body.fields).toEqual({ tin: "TIN is required" });
    expect(await t.db.select().from(pevoTaxProfiles).where(eq(pevoTaxProfiles.pevoId, pevo1.pevoId))).toEqual(
      before,
    );
    expect(await t.db.select().from(pevoTaxProfiles).where(eq(pevoTaxProfiles.pevoId, pevo2.pevoId))).toEqual(
      [],
    );
  });
});

describe("the office", () => {
  test("enters a PEVO's W-9 on their page and reads any of the company's masked; another company gets 404", async () => {
    const saved = await call(
      adminA.cookie,
      "PUT",
      `/api/pevos/${pevo2.pevoId}/tax-profile`,
      w9Body({ legalName: "Peter Two", classification: "llc_s", tinType: "ein", tin: EIN }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.profile).toMatchObject({ classification: "llc_s", tinMasked: "••-•••4567" });
    const read = await call(adminA.cookie, "GET", `/api/pevos/${pevo1.pevoId}/tax-profile`);
    expect(read.body.profile.tinMasked).toBe("•••-••-7891");
    const foreign = await call(adminB.cookie, "GET", `/api/pevos/${pevo1.pevoId}/tax-profile`);
    expect(foreign.status).toBe(404);
    const foreignReveal = await t.request("POST", `/api/pevos/${pevo1.pevoId}/tax-profile/reveal`, {
      cookie: adminB.cookie,
    });
    expect(foreignReveal.status).toBe(404);
    const pevoReveal = await t.request("POST", `/api/pevos/${pevo1.pevoId}/tax-profile/reveal`, {
      cookie: pevo1.cookie,
    });
    expect(pevoReveal.status).toBe(403);
  });

  test("an admin reveals a TIN on an explicit action, recorded with who did it", async () => {
    const res = await t.request("POST", `/api/pevos/${pevo1.pevoId}/tax-profile/reveal`, {
      cookie: adminA.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tin: SSN });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const ein = await t.request("POST", `/api/pevos/${pevo2.pevoId}/tax-profile/reveal`, {
      cookie: adminA.cookie,
    });
    expect(ein.body).toEqual({ tin: EIN });
    const events = await t.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, "tin_revealed"), eq(activityEvents.pevoId, pevo1.pevoId)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: adminA.userId, message: "TIN of Paula One revealed" });
    expect(JSON.stringify(events)).not.toContain(SSN_DIGITS);
  });
});

describe("the tax year", () => {
  test("defaults to $600 through 2025 and $2,000 from 2026; the office saves its settings; bad input is a 400", async () => {
    const y2025 = await call(adminA.cookie, "GET", "/api/tax-years/2025");
    expect(y2025.body).toMatchObject({ year: 2025, threshold: "600.00", defaultThreshold: "600.00" });
    const y2026 = await call(adminA.cookie, "GET", "/api/tax-years/2026");
    expect(y2026.body).toMatchObject({
      threshold: "2000.00",
      includeReimbursedExpenses: false,
      payerTin: null,
      recipientCount: 0,
      reportableCount: 0,
    });
    expect(y2026.body.recipients).toBeUndefined();
    const saved = await call(adminA.cookie, "PUT", "/api/tax-years/2027", {
      threshold: "2050",
      includeReimbursedExpenses: true,
      payerTin: "98-7654321",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      threshold: "2050.00",
      defaultThreshold: "2000.00",
      includeReimbursedExpenses: true,
      payerTin: "987654321",
    });
    const other = await call(adminB.cookie, "GET", "/api/tax-years/2027");
    expect(other.body.threshold).toBe("2000.00");
    for (const [body, field] of [
      [{ threshold: "100001", includeReimbursedExpenses: false }, "threshold"],
      [{ threshold: "-1", includeReimbursedExpenses: false }, "threshold"],
      [{ threshold: "600", includeReimbursedExpenses: "yes" }, "includeReimbursedExpenses"],
      [{ threshold: "600", includeReimbursedExpenses: false, payerTin: "00-1234567" }, "payerTin"],
    ] as const) {
      const res = await call(adminA.cookie, "PUT", "/api/tax-years/2028", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields?.[field]).toBeTruthy();
    }
    // A year out of range names no tax year: 404, as an unknown id.
    expect((await call(adminA.cookie, "GET", "/api/tax-years/1999")).status).toBe(404);
    const rows = await t.db
      .select()
      .from(taxYearSettings)
      .where(eq(taxYearSettings.companyId, adminA.companyId));
    expect(rows.map((r) => r.taxYear)).toEqual([2027]);
  });

  test("lists the active PEVOs without a complete W-9 until the signed W-9 is uploaded", async () => {
    expect((await call(adminA.cookie, "GET", "/api/tax-years/2026")).body.missingW9Count).toBe(2);
    const before = await call(adminA.cookie, "GET", "/api/tax-years/2026/missing-w9s");
    expect(before.body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(before.body.items).toEqual([
      { pevoId: pevo1.pevoId, name: "Paula One", email: pevo1.email, missing: ["w9_document"] },
      { pevoId: pevo2.pevoId, name: "Peter Two", email: pevo2.email, missing: ["w9_document"] },
    ]);
    const form = new FormData();
    form.set("file", new File([Buffer.from("%PDF-1.4\n%%EOF\n")], "w9.pdf"));
    form.set("category", "w9");
    const upload = await t.request("POST", "/api/portal/documents", { cookie: pevo1.cookie, body: form });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const info = await call(pevo1.cookie, "GET", "/api/portal/tax-profile");
    expect(info.body).toMatchObject({ complete: true, w9: { id: upload.body.id, fileName: "w9.pdf" } });
    const after = await call(adminA.cookie, "GET", "/api/tax-years/2026/missing-w9s");
    expect(after.body.items.map((m: { pevoId: string }) => m.pevoId)).toEqual([pevo2.pevoId]);
    expect((await call(adminA.cookie, "GET", "/api/tax-years/2026")).body.missingW9Count).toBe(1);
    // Paged like the office's other lists: bad paging is a 400 with a message.
    for (const query of ["page=0", "pageSize=101", "pageSize=ten"]) {
      const bad = await call(adminA.cookie, "GET", `/api/tax-years/2026/missing-w9s?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error, query).toMatch(/must be a whole number/);
    }
  });

  test("the 1099-NEC CSV has the e-file header and its export is recorded; Copy B needs a payment", async () => {
    const res = await call(adminA.cookie, "GET", "/api/tax-years/2026/1099-nec.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("1099-nec-2026.csv");
    expect(csvRecords(res.body).header).toEqual(FORM_1099_CSV_HEADER);
    const [event] = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(eq(activityEvents.companyId, adminA.companyId), eq(activityEvents.type, "form_1099_exported")),
      );
    expect(event?.actorId).toBe(adminA.userId);
    const copyB = await call(adminA.cookie, "GET", `/api/tax-years/2026/1099-nec/${pevo1.pevoId}/copy-b.pdf`);
    expect(copyB.status).toBe(404);
    expect(copyB.body.error).toBe("No nonemployee compensation was paid to Paula One in 2026");
  });
});

describe("1099-NEC totals from paid settlements", () => {
  const csvOf = async (year: number) => {
    // The CSV carries the TIN whole by design: read with t.request, outside the leak check's answers.
    const res = await t.request("GET", `/api/tax-years/${year}/1099-nec.csv`, { cookie: adminA.cookie });
    expect(res.status).toBe(200);
    return csvRecords(res.body).records;
  };
  const box1 = (records: Record<string, string>[], pevoId: string) =>
    records.find((r) => r["Account Number"] === pevoId)?.["Box 1 Nonemployee Compensation"];
  const recipient = async (year: number, pevoId: string) =>
    (await call(adminA.cookie, "GET", `/api/tax-years/${year}/recipients?pageSize=100`)).body.items.find(
      (r: { pevoId: string }) => r.pevoId === pevoId,
    );

  test("a paid settlement counts in its payment date's year; approved but unpaid does not", async () => {
    const as = (path: string, body?: unknown) => call(adminA.cookie, "POST", path, body);
    const client = await t.createClient(adminA, { name: "Year End Client" });
    const rcId = (await t.createRateConfirmation(adminA, { clientId: client.id })).id;
    const job = (pevoId: string, pickupDate: string) =>
      t.insertDispatch(adminA.companyId, {
        pevoId,
        pickupDate,
        status: "completed",
        rateConfirmationId: rcId,
      });
    const settle = async (start: string, end: string, adjustments: unknown[] = []) => {
      const run = await as("/api/settlements", {
        periodKind: "custom",
        periodStart: start,
        periodEnd: end,
        includeUninvoiced: true,
      });
      expect(run.status, JSON.stringify(run.body)).toBe(201);
      for (const adjustment of adjustments) {
        expect((await as(`/api/settlements/${run.body.id}/adjustments`, adjustment)).status).toBe(201);
      }
      expect((await as(`/api/settlements/${run.body.id}/approve`)).status).toBe(200);
      return run.body.id as string;
    };
    const pay = async (id: string, date: string) =>
      expect((await as(`/api/settlements/${id}/pay`, { date, method: "check", reference: "" })).status).toBe(
        200,
      );
    expect(
      (
        await as("/api/pay-plans/default", {
          effectiveFrom: "2024-01-01",
          kind: "per_job",
          dayRate: "700.00",
          reimbursedExpenses: [],
        })
      ).status,
    ).toBe(201);

    // Paula: paid in December 2024, with a bonus, an advance and a reimbursement.
    await job(pevo1.pevoId, "2024-12-02");
    const december = await settle("2024-12-01", "2024-12-14", [
      { pevoId: pevo1.pevoId, kind: "bonus", amount: "25.00", note: "Holiday" },
      { pevoId: pevo1.pevoId, kind: "advance", amount: "100.00", note: "Fuel advance" },
      { pevoId: pevo1.pevoId, kind: "reimbursement", amount: "50.00", note: "Tolls" },
    ]);
    await pay(december, "2024-12-20");
    // Paula again: worked in December 2024, paid next January: 2025's.
    await job(pevo1.pevoId, "2024-12-16");
    await pay(await settle("2024-12-15", "2024-12-31"), "2025-01-03");
    // Peter: approved, never paid.
    await job(pevo2.pevoId, "2024-11-04");
    await settle("2024-11-01", "2024-11-14");

    expect(await recipient(2024, pevo1.pevoId)).toMatchObject({
      compensation: "625.00",
      reachesThreshold: true,
    });
    expect(await recipient(2024, pevo2.pevoId)).toBeUndefined();
    expect(await recipient(2025, pevo1.pevoId)).toMatchObject({
      compensation: "700.00",
      reachesThreshold: true,
    });
    expect(box1(await csvOf(2024), pevo1.pevoId)).toBe("625.00");
    expect(box1(await csvOf(2024), pevo2.pevoId)).toBeUndefined();
    expect(box1(await csvOf(2025), pevo1.pevoId)).toBe("700.00");

    // The company counts reimbursed expenses for 2024: the reimbursement joins box 1.
    const counted = await call(adminA.cookie, "PUT", "/api/tax-years/2024", {
      threshold: "600",
      includeReimbursedExpenses: true,
    });
    expect(counted.status).toBe(200);
    expect(await recipient(2024, pevo1.pevoId)).toMatchObject({ compensation: "675.00" });

    const res = await t.app.request(`${APP_URL}/api/tax-years/2024/1099-nec/${pevo1.pevoId}/copy-b.pdf`, {
      headers: { Cookie: adminA.cookie, Origin: APP_URL },
    });
    expect(res.status).toBe(200);
    const { text } = await readPdf(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain("675.00");
    const none = await call(adminA.cookie, "GET", `/api/tax-years/2024/1099-nec/${pevo2.pevoId}/copy-b.pdf`);
    expect(none.status).toBe(404);
    // Another company's year end knows nothing of it.
    expect((await call(adminB.cookie, "GET", "/api/tax-years/2024/recipients")).body).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await call(adminB.cookie, "GET", "/api/tax-years/2024")).body.recipientCount).toBe(0);
  });

  test("the year's recipients over pages: each PEVO once, highest first; the CSV has them all", async () => {
    const as = (path: string, body?: unknown) => call(adminA.cookie, "POST", path, body);
    const client = await t.createClient(adminA, { name: "Pages Client" });
    const rcId = (await t.createRateConfirmation(adminA, { clientId: client.id })).id;
    await t.insertDispatch(adminA.companyId, {
      pevoId: pevo2.pevoId,
      pickupDate: "2025-02-03",
      status: "completed",
      rateConfirmationId: rcId,
    });
    const run = await as("/api/settlements", {
      periodKind: "custom",
      periodStart: "2025-02-01",
      periodEnd: "2025-02-14",
      includeUninvoiced: true,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    await as(`/api/settlements/${run.body.id}/adjustments`, {
      pevoId: pevo2.pevoId,
      kind: "bonus",
      amount: "50.00",
      note: "Safety",
    });
    expect((await as(`/api/settlements/${run.body.id}/approve`)).status).toBe(200);
    expect(
      (await as(`/api/settlements/${run.body.id}/pay`, { date: "2025-02-20", method: "ach", reference: "" }))
        .status,
    ).toBe(200);

    // 2025: Peter $750.00 (this run), Paula $700.00 (paid 2025-01-03, the test above).
    const seen: { pevoId: string; compensation: string }[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await call(adminA.cookie, "GET", `/api/tax-years/2025/recipients?page=${page}&pageSize=1`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 2, page, pageSize: 1 });
      seen.push(...res.body.items);
    }
    expect(seen.map((r) => [r.pevoId, r.compensation])).toEqual([
      [pevo2.pevoId, "750.00"],
      [pevo1.pevoId, "700.00"],
    ]);
    expect((await call(adminA.cookie, "GET", "/api/tax-years/2025")).body).toMatchObject({
      recipientCount: 2,
      reportableCount: 2,
    });
    const csv = await csvOf(2025);
    expect(box1(csv, pevo2.pevoId)).toBe("750.00");
    expect(box1(csv, pevo1.pevoId)).toBe("700.00");
  });
});

describe("the TIN never leaks", () => {
  test("no answer of this file but the reveal carries a TIN, whole or in digits", () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const { what, text } of answers) {
      for (const tin of [SSN, SSN_DIGITS, EIN, EIN_DIGITS]) expect(text, what).not.toContain(tin);
    }
  });

  test("no log line carries a TIN", () => {
    expect(logLines.length).toBeGreaterThan(0);
    const logged = JSON.stringify(logLines);
    for (const tin of [SSN, SSN_DIGITS, EIN, EIN_DIGITS]) expect(logged).not.toContain(tin);
  });
});
