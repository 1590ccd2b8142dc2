import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asCompanyId } from "../../../test/company-id";
import {
  createTestApp,
  firstLink,
  pathOf,
  rateConfirmationBody,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueEmail,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";
import { documentOf, getRateConfirmation, LINK_MESSAGES, serialize } from "../../domain/rate-confirmations";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA, adminB, pevo1 } = await t.createTwoCompanies());
  clientId = (await t.createClient(adminA, { name: "Lone Star Heavy Haul", email: "ops@lonestar.test" })).id;
});
afterAll(() => t.close());

const asA = () => t.as(adminA);

/** A full set of load details as a form sends them (numbers as the inputs' text). */
const LOAD = {
  description: "Transformer on a 13-axle trailer",
  widthInches: "192",
  heightInches: 174,
  lengthInches: 1140,
  weightPounds: "186000",
  frontOverhangInches: 36,
  rearOverhangInches: "",
  truckNumber: " T-118 ",
  trailerNumber: "TR-42",
  cbChannel: "19",
  permits: [
    { state: "TX", number: "TX-2025-77812" },
    { state: "OK", number: "OK 5521" },
  ],
  routeDescription: "I-45 N to Dallas, US-287 N through Amarillo",
  routeStates: ["TX", "OK", "KS", "CO"],
};

const STORED = {
  description: "Transformer on a 13-axle trailer",
  widthInches: 192,
  heightInches: 174,
  lengthInches: 1140,
  weightPounds: 186000,
  frontOverhangInches: 36,
  rearOverhangInches: null,
  truckNumber: "T-118",
  trailerNumber: "TR-42",
  cbChannel: 19,
  permits: [
    { state: "TX", number: "TX-2025-77812" },
    { state: "OK", number: "OK 5521" },
  ],
  routeDescription: "I-45 N to Dallas, US-287 N through Amarillo",
  routeStates: ["TX", "OK", "KS", "CO"],
};

const EMPTY = {
  description: null,
  widthInches: null,
  heightInches: null,
  lengthInches: null,
  weightPounds: null,
  frontOverhangInches: null,
  rearOverhangInches: null,
  truckNumber: null,
  trailerNumber: null,
  cbChannel: null,
  permits: [],
  routeDescription: null,
  routeStates: [],
};

async function newRc(loadDetails?: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const body = rateConfirmationBody({ clientId, ...overrides, ...(loadDetails ? { loadDetails } : {}) });
  const res = await asA()("POST", "/api/rate-confirmations", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, body, created: res.body };
}

describe("load details on a rate confirmation", () => {
  test("saved, returned in order and replaced on edit; none sent means none", async () => {
    const { id, body, created } = await newRc(LOAD);
    expect(created.loadDetails).toEqual(STORED);
    expect((await asA()("GET", `/api/rate-confirmations/${id}`)).body.loadDetails).toEqual(STORED);

    const edited = await asA()("PUT", `/api/rate-confirmations/${id}`, {
      ...body,
      loadDetails: { ...LOAD, permits: [{ state: "KS", number: "KS-1" }], routeStates: ["CO", "KS"] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.loadDetails.permits).toEqual([{ state: "KS", number: "KS-1" }]);
    expect(edited.body.loadDetails.routeStates).toEqual(["CO", "KS"]);

    const plain = await newRc();
    expect(plain.created.loadDetails).toEqual(EMPTY);
  });

  test.each([
    ["widthInches", 481, "Width must be at most 40 ft"],
    ["heightInches", "-1", "Height cannot be negative"],
    ["lengthInches", "12.5", "Length must be a whole number"],
    ["weightPounds", 2_000_001, "Weight must be at most 2,000,000 lb"],
    ["frontOverhangInches", 1201, "Front overhang must be at most 100 ft"],
    ["cbChannel", 41, "CB channel must be 1 to 40"],
    ["cbChannel", 0, "CB channel must be 1 to 40"],
    ["truckNumber", "T".repeat(51), "Truck number must be at most 50 characters"],
    ["description", "L".repeat(301), "Load description must be at most 300 characters"],
    ["routeDescription", "R".repeat(5001), "Route description must be at most 5000 characters"],
  ])("%s = %j → 400 with the field's message", async (field, value, message) => {
    const res = await asA()(
      "POST",
      "/api/rate-confirmations",
      rateConfirmationBody({ clientId, loadDetails: { [field]: value } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields[`loadDetails.${field}`]).toBe(message);
  });

  test("route states: known codes, each once, at most 50; permits one per state with a number", async () => {
    const post = (loadDetails: Record<string, unknown>) =>
      asA()("POST", "/api/rate-confirmations", rateConfirmationBody({ clientId, loadDetails }));
    const unknown = await post({ routeStates: ["TX", "XX"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields["loadDetails.routeStates.1"]).toBe("Choose a state from the list");
    const twice = await post({ routeStates: ["TX", "OK", "TX"] });
    expect(twice.status).toBe(400);
    expect(twice.body.fields["loadDetails.routeStates"]).toBe("Each state can be on the route only once");
    const tooMany = await post({ routeStates: Array.from({ length: 51 }, () => "TX") });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields["loadDetails.routeStates"]).toBe("At most 50 states");
    const samePermitState = await post({
      permits: [
        { state: "TX", number: "1" },
        { state: "TX", number: "2" },
      ],
    });
    expect(samePermitState.status).toBe(400);
    expect(samePermitState.body.fields["loadDetails.permits.1.state"]).toBe(
      "Only one permit number per state",
    );
    const noNumber = await post({ permits: [{ state: "TX", number: " " }] });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.fields["loadDetails.permits.0.number"]).toBe("Permit number is required");
    const notAnObject = await post({ routeStates: "TX" } as Record<string, unknown>);
    expect(notAnObject.status).toBe(400);
  });

  test("duplicating copies the load and route but not the permits", async () => {
    const { id } = await newRc(LOAD);
    const copy = await asA()("POST", `/api/rate-confirmations/${id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.loadDetails).toEqual({ ...STORED, permits: [] });
  });

  test("the dispatch page and the assigned PEVO's job details show them; another company gets 404", async () => {
    // The route (TX, OK, KS, CO) requires certificates pevo1 lacks: the qualification check is not
    // what this tests (qualification.test.ts does), so the office overrides it.
    const qualificationOverride = { reason: "Certificates checked on paper" };
    const { id } = await newRc(LOAD, {
      positions: [{ positionType: "high_pole_car", pevoId: pevo1.pevoId }],
      qualificationOverride,
    });
    const dispatch = await t.createDispatch(adminA, {
      rateConfirmationId: id,
      pevoId: pevo1.pevoId,
      qualificationOverride,
    });
    const office = await asA()("GET", `/api/dispatches/${dispatch.id}`);
    expect(office.body.rateConfirmation.loadDetails).toEqual(STORED);

    const portal = await t.as(pevo1)("GET", `/api/portal/dispatches/${dispatch.id}`);
    expect(portal.status).toBe(200);
    expect(portal.body.loadDetails).toEqual(STORED);
    expect(portal.body.positionTypes).toEqual(["high_pole_car"]);

    const noRc = await t.createDispatch(adminA, { pevoId: pevo1.pevoId });
    expect((await t.as(pevo1)("GET", `/api/portal/dispatches/${noRc.id}`)).body.loadDetails).toBeNull();
    expect((await t.as(adminB)("GET", `/api/rate-confirmations/${id}`)).status).toBe(404);
  });
});

describe("load details are part of what a client signs", () => {
  const signer = () => ({ signerName: "Rita Shipper", signerEmail: uniqueEmail("signer") });

  async function sendAndSign(id: string) {
    const who = signer();
    expect((await asA()("POST", `/api/rate-confirmations/${id}/signature`, who)).status).toBe(201);
    const token = pathOf(firstLink((await t.lastMail(who.signerEmail, /Please sign/)).text)).slice(
      "/sign/".length,
    );
    const signed = await t.request("POST", `/api/public/sign/${token}/sign`, {
      body: { consent: true, signedName: "Rita Shipper" },
    });
    expect(signed.status).toBe(200);
    return token;
  }
  const state = async (id: string) =>
    (await asA()("GET", `/api/rate-confirmations/${id}`)).body.signatureStatus;

  test("changing a load detail voids the signature; the same details saved again keep it", async () => {
    const { id, body } = await newRc(LOAD);
    const token = await sendAndSign(id);
    const page = await t.request("GET", `/api/public/sign/${token}`);
    expect(page.body.document.loadDetails).toEqual(STORED);

    const same = await asA()("PUT", `/api/rate-confirmations/${id}`, { ...body, loadDetails: LOAD });
    expect(same.status).toBe(200);
    expect(await state(id)).toBe("signed");

    for (const change of [
      { heightInches: 175 },
      { routeStates: ["TX", "OK", "CO", "KS"] },
      { permits: [{ state: "TX", number: "TX-2025-77813" }] },
      { cbChannel: null },
    ]) {
      if ((await state(id)) !== "signed") await sendAndSign(id);
      const res = await asA()("PUT", `/api/rate-confirmations/${id}`, {
        ...body,
        loadDetails: { ...LOAD, ...change },
      });
      expect(res.status).toBe(200);
      expect(await state(id), JSON.stringify(change)).toBe("not_sent");
      await asA()("PUT", `/api/rate-confirmations/${id}`, { ...body, loadDetails: LOAD });
    }
    expect((await t.request("GET", `/api/public/sign/${token}`)).body.error).toBe(LINK_MESSAGES.revoked);
  });

  test("without load details the document has no loadDetails key, so its hash is the one from before", async () => {
    const { id } = await newRc();
    const scope = { db: t.db, companyId: asCompanyId(adminA.companyId), userId: adminA.userId };
    const document = await documentOf(t.db, scope, await getRateConfirmation(scope, id));
    expect("loadDetails" in document && document.loadDetails !== undefined).toBe(false);
    expect(serialize(document).content).not.toContain("loadDetails");
  });

  test("the PDF prints the load details", async () => {
    const { id } = await newRc(LOAD);
    const res = await t.app.request(`http://localhost:3000/api/rate-confirmations/${id}/pdf`, {
      headers: { cookie: adminA.cookie },
    });
    expect(res.status).toBe(200);
    const { text } = await readPdf(Buffer.from(await res.arrayBuffer()));
    for (const expected of [
      "Load details",
      "Transformer on a 13-axle trailer",
      `16' 0"`,
      `14' 6"`,
      `95' 0"`,
      "186,000 lb",
      "TX → OK → KS → CO",
      "TX TX-2025-77812, OK OK 5521",
      "T-118",
    ]) {
      expect(text).toContain(expected);
    }
  });
});
