/**
 * A job's safety paperwork through the API (DECISIONS 'Job paperwork'): the company's checklist, the
 * signed pre-trip safety meeting, the stop and pole-height logs (a repeat of the phone's id never
 * makes a duplicate), only the assigned PEVO writes, another company's job is 404, and the job
 * packet PDF prints it all and can be added to the job's documents.
 */
import { jobLogEntries, safetyMeetings } from "@pevo/db";
import { DEFAULT_SAFETY_ITEMS } from "@pevo/shared";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  type JsonBody as Body,
  createTestApp,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let pevo2: TestPevo;
let dispatch1: string;
let dispatch2: string;
let dispatchB: string;

beforeAll(async () => {
  t = await createTestApp();
  let pevoB: TestPevo;
  ({ adminA, adminB, pevo1, pevo2, pevoB } = await t.createTwoCompanies());
  const client = await t.createClient(adminA, { name: "Packet Client" });
  const rc = await t.createRateConfirmation(adminA, {
    clientId: client.id,
    jobNumber: "RC-20250610-007",
    positions: [{ positionType: "lead_car", pevoId: pevo1.pevoId }],
  });
  dispatch1 = (await t.createDispatch(adminA, { pevoId: pevo1.pevoId, rateConfirmationId: rc.id })).id;
  dispatch2 = (await t.createDispatch(adminA, { pevoId: pevo2.pevoId })).id;
  dispatchB = (await t.createDispatch(adminB, { pevoId: pevoB.pevoId })).id;
});
afterAll(() => t.close());

const meeting = (overrides: Body = {}): Body => ({
  id: crypto.randomUUID(),
  checked: [...DEFAULT_SAFETY_ITEMS],
  pevoName: "Pat Escort",
  pevoSignature: PNG,
  driverName: "Dana Driver",
  driverSignature: PNG,
  lat: 29.76,
  lng: -95.37,
  accuracy: 12,
  ...overrides,
});
const stop = (overrides: Body = {}): Body => ({
  id: crypto.randomUUID(),
  kind: "stop",
  at: new Date(Date.now() - 60_000).toISOString(),
  reason: "Fuel and a load check",
  place: "Exit 42, I-45",
  ...overrides,
});

const rows = async (table: typeof safetyMeetings | typeof jobLogEntries, dispatchId: string) => {
  const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.dispatchId, dispatchId));
  return row?.n;
};

describe("the company's safety meeting checklist", () => {
  test("starts with the defaults; the office edits it; bad lists are 400", async () => {
    const first = await t.as(adminB)("GET", "/api/company/safety-checklist");
    expect(first.body).toEqual({ items: [...DEFAULT_SAFETY_ITEMS], custom: false });
    const saved = await t.as(adminB)("PUT", "/api/company/safety-checklist", {
      items: ["Permit checked", " Radio channel agreed "],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ items: ["Permit checked", "Radio channel agreed"], custom: true });
    expect((await t.as(adminA)("GET", "/api/company/safety-checklist")).body.custom).toBe(false);
    for (const items of [
      [],
      ["a", "A"],
      ["x".repeat(201)],
      ["line\u0007"],
      Array(31)
        .fill("x")
        .map((x, i) => x + i),
    ]) {
      const res = await t.as(adminB)("PUT", "/api/company/safety-checklist", { items });
      expect(res.status, JSON.stringify(items)).toBe(400);
    }
  });
});

describe("the pre-trip safety meeting", () => {
  test("the assigned PEVO signs it once; a repeat of the same id returns it, never a second", async () => {
    const body = meeting();
    const res = await t.as(pevo1)("POST", `/api/portal/dispatches/${dispatch1}/safety-meeting`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ id: body.id, pevoName: "Pat Escort", driverName: "Dana Driver" });
    expect(res.body.items).toEqual([...DEFAULT_SAFETY_ITEMS]);
    // Location Services is off by default: the place is not kept.
    expect(res.body).toMatchObject({ lat: null, lng: null, accuracy: null });
    const again = await t.as(pevo1)("POST", `/api/portal/dispatches/${dispatch1}/safety-meeting`, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(await rows(safetyMeetings, dispatch1)).toBe(1);
    const other = await t.as(pevo1)("POST", `/api/portal/dispatches/${dispatch1}/safety-meeting`, meeting());
    expect(other.status).toBe(409);
    expect(other.body.error).toMatch(/already signed/);
    const read = await t.as(adminA)("GET", `/api/dispatches/${dispatch1}/paperwork`);
    expect(read.body.meeting).toEqual(res.body);
  });

  test("every item must be checked, both signatures drawn, names typed", async () => {
    const res = await t.as(pevo2)("POST", `/api/portal/dispatches/${dispatch2}/safety-meeting`, {
      ...meeting(),
      checked: DEFAULT_SAFETY_ITEMS.slice(1),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.checked).toBe("Check every item before signing");
    for (const [field, value] of [
      ["driverSignature", ""],
      ["pevoSignature", "data:image/jpeg;base64,AAAA"],
      ["driverName", " "],
      ["pevoName", "x".repeat(101)],
      ["id", "not-a-uuid"],
      ["lat", 91],
    ] as const) {
      const bad = await t.as(pevo2)(
        "POST",
        `/api/portal/dispatches/${dispatch2}/safety-meeting`,
        meeting({ [field]: value }),
      );
      expect(bad.status, field).toBe(400);
      expect(bad.body.fields[field], field).toBeTruthy();
    }
    expect(await rows(safetyMeetings, dispatch2)).toBe(0);
  });

  test("another PEVO's job and another company's job are 404", async () => {
    const mine = await t.as(pevo2)("POST", `/api/portal/dispatches/${dispatch1}/safety-meeting`, meeting());
    expect(mine.status).toBe(404);
    const foreign = await t.as(pevo1)(
      "POST",
      `/api/portal/dispatches/${dispatchB}/safety-meeting`,
      meeting(),
    );
    expect(foreign.status).toBe(404);
    expect((await t.as(adminA)("GET", `/api/dispatches/${dispatchB}/paperwork`)).status).toBe(404);
    expect((await t.as(pevo2)("GET", `/api/portal/dispatches/${dispatch1}/paperwork`)).status).toBe(404);
  });
});

describe("the stop and pole-height logs", () => {
  test("entries are logged once per phone id and listed oldest first", async () => {
    const first = stop({ at: new Date(Date.now() - 3_600_000).toISOString() });
    const res = await t.as(pevo1)("POST", `/api/portal/dispatches/${dispatch1}/log-entries`, first);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const repeat = await t.as(pevo1)("POST", `/api/portal/dispatches/${dispatch1}/log-entries`, first);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(res.body);
    const pole = await t.as(pevo1)("POST", `/api/portal/dispatches/${dispatch1}/log-entries`, {
      id: crypto.randomUUID(),
      kind: "pole_height",
      at: new Date().toISOString(),
      heightInches: 14 * 12 + 6,
    });
    expect(pole.status).toBe(201);
    const strike = await t.as(pevo1)(
      "POST",
      `/api/portal/dispatches/${dispatch1}/log-entries`,
      stop({
        kind: "near_miss",
        reason: "Pole touched a sign bridge",
        at: new Date(Date.now() - 1_800_000).toISOString(),
      }),
    );
    expect(strike.status).toBe(201);
    const read = await t.as(pevo1)("GET", `/api/portal/dispatches/${dispatch1}/paperwork`);
    expect(read.body.entries.map((e: Body) => e.kind)).toEqual(["stop", "near_miss", "pole_height"]);
    expect(read.body.entries[0]).toMatchObject({
      reason: "Fuel and a load check",
      place: "Exit 42, I-45",
      pevoName: expect.any(String),
    });
    expect(await rows(jobLogEntries, dispatch1)).toBe(3);
  });

  test("bounds: the reason a stop needs, the pole's height, the time window; 400 and nothing kept", async () => {
    const before = await rows(jobLogEntries, dispatch2);
    for (const body of [
      stop({ reason: null }),
      stop({ kind: "pole_height", reason: null }),
      stop({ kind: "pole_height", heightInches: 21 * 12 }),
      stop({ kind: "pole_height", heightInches: 150.5 }),
      stop({ at: new Date(Date.now() + 3_600_000).toISOString() }),
      stop({ at: new Date(Date.now() - 31 * 86_400_000).toISOString() }),
      stop({ reason: "x".repeat(1001) }),
      stop({ place: "two\nlines" }),
      stop({ kind: "bump" }),
      stop({ lat: 10 }),
    ]) {
      const res = await t.as(pevo2)("POST", `/api/portal/dispatches/${dispatch2}/log-entries`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect(await rows(jobLogEntries, dispatch2)).toBe(before);
  });

  test("a canceled job takes nothing more; the same id on another job is a conflict", async () => {
    const d = (await t.createDispatch(adminA, { pevoId: pevo2.pevoId })).id;
    const entry = stop();
    expect((await t.as(pevo2)("POST", `/api/portal/dispatches/${dispatch2}/log-entries`, entry)).status).toBe(
      201,
    );
    const reused = await t.as(pevo2)("POST", `/api/portal/dispatches/${d}/log-entries`, entry);
    expect(reused.status).toBe(409);
    const put = await t.as(adminA)("GET", `/api/dispatches/${d}`);
    const cancel = await t.as(adminA)("PUT", `/api/dispatches/${d}`, { ...put.body, status: "canceled" });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const res = await t.as(pevo2)("POST", `/api/portal/dispatches/${d}/log-entries`, stop());
    expect(res.status).toBe(409);
  });
});

describe("the job packet", () => {
  const raw = async (path: string, cookie: string) => {
    const res = await t.app.request(`${APP_URL}${path}`, { headers: { Origin: APP_URL, Cookie: cookie } });
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };

  test("prints the meeting, both signers, the logs and the steps; the PEVO downloads their own", async () => {
    const res = await raw(`/api/dispatches/${dispatch1}/packet.pdf`, adminA.cookie);
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/pdf");
    const { text, title } = await readPdf(res.bytes);
    expect(title).toBe("Job packet — job #RC-20250610-007");
    for (const part of [
      "JOB PACKET",
      "Pre-trip safety meeting",
      DEFAULT_SAFETY_ITEMS[0],
      "Pat Escort",
      "Dana Driver",
      "Stop log",
      "Fuel and a load check",
      "Pole-height log",
      `14' 6"`,
      "Near-miss",
      "Trip log",
      "Steps",
      "Assigned",
    ]) {
      expect(text, part).toContain(part);
    }
    expect((await raw(`/api/portal/dispatches/${dispatch1}/packet.pdf`, pevo1.cookie)).status).toBe(200);
    expect((await raw(`/api/portal/dispatches/${dispatch1}/packet.pdf`, pevo2.cookie)).status).toBe(404);
    expect((await raw(`/api/dispatches/${dispatch1}/packet.pdf`, adminB.cookie)).status).toBe(404);
  });

  test("the office adds it to the job's documents", async () => {
    const res = await t.as(adminA)("POST", `/api/dispatches/${dispatch1}/packet`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ fileName: "job-packet-RC-20250610-007.pdf", category: "signed_form" });
    const docs = await t.as(adminA)("GET", `/api/dispatches/${dispatch1}/documents`);
    expect(docs.body.map((d: Body) => d.id)).toContain(res.body.id);
  });
});
