/**
 * A company with a record of every kind, made through the API where the API makes it (so every side
 * effect is real: jobs, activity, public links, mail, stored files): an admin and a team invitation,
 * a client, a PEVO login with credentials and uploaded documents, a rate confirmation sent for
 * signature and signed, a dispatch with a trip log (and a deleted trip) and a document, an invoice
 * sent with a payment, and an upload cut off before its row (its object queued for removal). For
 * tests of removing and backing up a company.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { queueUpload } from "../src/domain/documents";
import { newStorageKey } from "../src/lib/storage";
import { firstLink, pathOf, type SignedUpAdmin, type TestApp, type TestPevo, uniqueEmail } from "./harness";

/** A 1 × 1 PNG: a drawn signature as the signature pads send it. */
const TINY_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** A date `days` from today (ISO): a pickup ahead gets its reminder jobs, an invoice its reminder. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name));

function upload(bytes: Uint8Array, name: string, category: string) {
  const body = new FormData();
  body.set("file", new File([bytes], name));
  body.set("category", category);
  return body;
}

export type FullCompany = { admin: SignedUpAdmin; pevo: TestPevo; companyId: string; invited: string };

export async function buildFullCompany(t: TestApp, companyName: string): Promise<FullCompany> {
  const admin = await t.signUpAdmin({ companyName });
  const as = t.as(admin);
  const ok = async (method: string, path: string, body?: unknown, status = [200, 201]) => {
    const res = await t.request(method, path, { cookie: admin.cookie, body });
    expect(status, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    return res.body;
  };

  const invited = uniqueEmail("teammate");
  await ok("POST", "/api/company/team", { name: "Terry Teammate", email: invited });

  const clientEmail = uniqueEmail("billing");
  const client = await t.createClient(admin, { email: clientEmail });
  const pevo = await t.createPevoUser(admin.companyId, { firstName: "Remy", lastName: "Removed" });
  await ok("POST", `/api/pevos/${pevo.pevoId}/credentials/certifications`, {
    state: "WA",
    certificateNumber: "WA-1001",
    issuedOn: "2025-01-10",
    expiresOn: "2027-06-30",
  });
  await ok("PUT", `/api/pevos/${pevo.pevoId}/credentials/vehicle`, {
    year: 2021,
    make: "Ford",
    model: "F-150",
    plate: "ABC123",
    plateState: "TX",
  });
  await ok("PUT", `/api/pevos/${pevo.pevoId}/tax-profile`, {
    legalName: "Remy Removed",
    classification: "individual",
    address: "1 Main St",
    city: "Austin",
    state: "TX",
    zip: "78701",
    tinType: "ssn",
    tin: "123-45-6789",
  });
  await ok("PUT", "/api/tax-years/2026", { threshold: "2000.00", includeReimbursedExpenses: true });
  await ok(
    "POST",
    `/api/pevos/${pevo.pevoId}/documents`,
    upload(fixture("photo.png"), "card.png", "certificate"),
  );

  const rc = await t.createRateConfirmation(admin, {
    clientId: client.id,
    positions: [{ positionType: "lead_car", pevoId: pevo.pevoId }],
    customRates: [{ name: "Permit handling", amount: "25", unit: "per_job" }],
    loadDetails: { permits: [{ state: "TX", number: "TX-1" }], routeStates: ["TX", "OK"] },
  });
  await ok(
    "POST",
    `/api/rate-confirmations/${rc.id}/documents`,
    upload(fixture("sample.pdf"), "permit.pdf", "other"),
  );
  const signerEmail = uniqueEmail("signer");
  await ok("POST", `/api/rate-confirmations/${rc.id}/signature`, { signerName: "Rita Shipper", signerEmail });
  const signPath = pathOf(firstLink((await t.lastMail(signerEmail, /Please sign/)).text));
  const signed = await t.request("POST", `/api/public${signPath}/sign`, {
    body: { consent: true, signedName: "Rita Shipper" },
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);

  const dispatch = await t.createDispatch(admin, {
    pevoId: pevo.pevoId,
    rateConfirmationId: rc.id,
    pickupDate: daysAhead(60),
  });
  await ok(
    "POST",
    `/api/dispatches/${dispatch.id}/documents`,
    upload(fixture("photo.jpg"), "proof.jpg", "photo"),
  );
  const trip = await t.as(pevo)("POST", "/api/portal/trip-logs", {
    tripDate: "2025-06-10",
    dispatchId: dispatch.id,
    startLocation: "Houston, TX",
    endLocation: "Dallas, TX",
    miles: "245.5",
    hours: 4.25,
    expenses: [{ type: "tolls", amount: "12.5" }],
  });
  expect(trip.status, JSON.stringify(trip.body)).toBe(201);
  // A trip logged by mistake and deleted: its deletion is kept (trip_log_deletions).
  const mistake = await t.as(pevo)("POST", "/api/portal/trip-logs", {
    tripDate: "2025-06-11",
    dispatchId: null,
    startLocation: "Dallas, TX",
    endLocation: "Dallas, TX",
    miles: "1",
    hours: 0,
    expenses: [],
  });
  expect(mistake.status, JSON.stringify(mistake.body)).toBe(201);
  expect((await t.as(pevo)("DELETE", `/api/portal/trip-logs/${mistake.body.id}`)).status).toBe(204);

  const invoice = await ok("POST", "/api/invoices", {
    invoiceNumber: `INV-${companyName.slice(0, 3)}-1`,
    issueDate: "2025-03-01",
    dueDate: daysAhead(30),
    dispatchId: dispatch.id,
    clientId: client.id,
    customerName: "Client A",
    lineItems: [{ date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "600.00" }],
    allowAdditional: true,
  });
  await ok("POST", `/api/invoices/${invoice.id}/send`, { to: clientEmail });
  await ok("POST", `/api/invoices/${invoice.id}/payments`, {
    date: "2025-03-10",
    amount: "100.00",
    method: "check",
    reference: "CHK-1",
  });
  // A credit note: its lines, and its applied part as a credit_note payment.
  await ok("POST", `/api/invoices/${invoice.id}/credit-notes`, {
    date: "2025-03-12",
    reason: "Detention not owed",
    lines: [{ description: "Detention", quantity: "1", rate: "50.00" }],
  });
  // An overpayment on a second invoice: paid in full, the excess kept as the client's credit (the
  // first stays open, in the open balances).
  const second = await ok("POST", "/api/invoices", {
    invoiceNumber: `INV-${companyName.slice(0, 3)}-2`,
    issueDate: "2025-03-02",
    dueDate: daysAhead(30),
    dispatchId: dispatch.id,
    clientId: client.id,
    customerName: "Client A",
    lineItems: [{ date: "2025-03-02", location: "Houston, TX", mileage: "0", charge: "100.00" }],
    allowAdditional: true,
  });
  await ok("POST", `/api/invoices/${second.id}/send`, { to: clientEmail });
  await ok("POST", `/api/invoices/${second.id}/payments`, {
    date: "2025-03-15",
    amount: "150.00",
    method: "ach",
    reference: "ACH-1",
  });
  // Job paperwork: the company's own safety checklist, a signed safety meeting and a stop.
  await ok("PUT", "/api/company/safety-checklist", { items: ["Permit checked", "Radio channel agreed"] });
  const meeting = await t.as(pevo)("POST", `/api/portal/dispatches/${dispatch.id}/safety-meeting`, {
    id: crypto.randomUUID(),
    checked: ["Permit checked", "Radio channel agreed"],
    pevoName: "Remy Removed",
    pevoSignature: TINY_PNG,
    driverName: "Dale Driver",
    driverSignature: TINY_PNG,
  });
  expect(meeting.status, JSON.stringify(meeting.body)).toBe(201);
  const stop = await t.as(pevo)("POST", `/api/portal/dispatches/${dispatch.id}/log-entries`, {
    id: crypto.randomUUID(),
    kind: "stop",
    at: new Date(Date.now() - 60_000).toISOString(),
    reason: "Fuel",
  });
  expect(stop.status, JSON.stringify(stop.body)).toBe(201);

  // PEVO pay: a default plan and a settlement of a completed job, with an advance, paid.
  await ok("POST", "/api/pay-plans/default", {
    effectiveFrom: "2025-01-01",
    kind: "per_job",
    dayRate: "250.00",
    reimbursedExpenses: ["fuel"],
  });
  await t.insertDispatch(admin.companyId, {
    pevoId: pevo.pevoId,
    pickupDate: "2025-04-02",
    status: "completed",
    rateConfirmationId: rc.id,
  });
  const settlement = await ok("POST", "/api/settlements", {
    periodKind: "custom",
    periodStart: "2025-04-01",
    periodEnd: "2025-04-14",
    includeUninvoiced: true,
  });
  await ok("POST", `/api/settlements/${settlement.id}/adjustments`, {
    pevoId: pevo.pevoId,
    kind: "advance",
    amount: "50.00",
    note: "Fuel advance",
  });
  // Approved and paid: the PEVO's paid compensation of the year is kept (paid_compensation_years).
  await ok("POST", `/api/settlements/${settlement.id}/approve`);
  await ok("POST", `/api/settlements/${settlement.id}/pay`, {
    date: "2025-04-18",
    method: "check",
    reference: "",
  });
  expect((await as("GET", "/api/activity")).status).toBe(200);
  // The dashboard chart keeps the months it computes (margin_months).
  expect((await as("GET", "/api/reports/monthly?today=2025-04-30")).status).toBe(200);

  // An upload cut off after storing its object, before writing its row: queued for removal.
  const key = newStorageKey(admin.companyId);
  await queueUpload(t.db, { companyId: admin.companyId }, key);
  await t.storage.put(key, Buffer.from("an upload whose row never came"), { contentType: "image/png" });

  return { admin, pevo, companyId: admin.companyId, invited };
}
