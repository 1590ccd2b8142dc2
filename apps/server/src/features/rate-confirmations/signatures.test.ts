import { activityEvents, missingRow, publicLinks, rateConfirmations, signatureRequests } from "@pevo/db";
import { CONSENT_REQUIRED } from "@pevo/shared";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asCompanyId } from "../../../test/company-id";
import {
  createTestApp,
  createTestAppWithMailOutage,
  firstLink,
  pathOf,
  rateConfirmationBody,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueEmail,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";
import { first, nth } from "../../../test/rows";
import { INVOICE_LINK_MESSAGES } from "../../domain/invoices";
import {
  ALREADY_CLOSED,
  documentOf,
  getRateConfirmation,
  LINK_MESSAGES,
  NO_OPEN_REQUEST,
  serialize,
  sha256,
} from "../../domain/rate-confirmations";
import { jobHandlers } from "../../jobs";
import { runDueJobs } from "../../lib/jobs";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let clientId: string;
/** The mailer fails while this is true (an SMTP server down). */
let mailFails = false;

beforeAll(async () => {
  t = await createTestAppWithMailOutage(() => mailFails);
  ({ adminA, adminB, pevo1 } = await t.createTwoCompanies());
  clientId = (await t.createClient(adminA, { name: "Lone Star Heavy Haul", email: "ops@lonestar.test" })).id;
});
afterAll(() => t.close());

const asA = () => t.as(adminA);
const signer = () => ({ signerName: "Rita Shipper", signerEmail: uniqueEmail("signer") });

async function newRc(overrides: Record<string, unknown> = {}) {
  const body = rateConfirmationBody({ clientId, ...overrides });
  const rc = await t.createRateConfirmation(adminA, body as typeof body & { clientId: string });
  return { id: rc.id as string, body };
}

/** Sends for signature; returns the token of the emailed link. */
async function send(rcId: string, who = signer()) {
  const res = await asA()("POST", `/api/rate-confirmations/${rcId}/signature`, who);
  expect(res.status).toBe(201);
  expect(res.body.mailSent).toBe(true);
  const mail = await t.lastMail(who.signerEmail, /Please sign/);
  const path = pathOf(firstLink(mail.text));
  expect(path).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}$/);
  return { token: path.slice("/sign/".length), who, res };
}

const page = (token: string) => t.request("GET", `/api/public/sign/${token}`);
const sign = (token: string, body: Record<string, unknown> = { consent: true, signedName: "Rita Shipper" }) =>
  t.request("POST", `/api/public/sign/${token}/sign`, {
    body,
    headers: { "User-Agent": "SignerBrowser/1.0 (test)" },
  });
const rcState = async (id: string) =>
  (await asA()("GET", `/api/rate-confirmations/${id}`)).body.signatureStatus;
const pending = async (): Promise<number> =>
  (await asA()("GET", "/api/dashboard")).body.cards.pendingSignatures;

describe("the signature state machine", () => {
  test("not sent → awaiting → viewed → signed, with the record, events, email and signed PDF", async () => {
    const { id } = await newRc();
    expect(await rcState(id)).toBe("not_sent");
    const before = await pending();

    const { token, who } = await send(id);
    expect(await rcState(id)).toBe("awaiting_signature");
    expect(await pending()).toBe(before + 1);
    // Only the hash of the token is stored.
    const links = await t.db.select().from(publicLinks).where(eq(publicLinks.companyId, adminA.companyId));
    expect(links.some((l) => l.tokenHash === token)).toBe(false);
    expect(links.some((l) => l.tokenHash === sha256(token))).toBe(true);

    const opened = await page(token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(opened.headers.get("set-cookie")).toBeNull();
    expect(opened.body.state).toBe("open");
    expect(opened.body.document.clientName).toBe("Lone Star Heavy Haul");
    expect(opened.body.document.company.name).toBe("Alpha Escorts");
    expect(opened.body.document.positions).toEqual([{ positionType: "lead_car", customName: null }]);
    expect(await rcState(id)).toBe("viewed");
    expect(await pending()).toBe(before + 1);

    expect((await sign(token, { consent: false, signedName: "Rita Shipper" })).body.error).toBe(
      CONSENT_REQUIRED,
    );
    expect((await sign(token, { consent: true, signedName: " " })).status).toBe(400);
    const signed = await sign(token);
    expect(signed.status).toBe(200);
    expect(signed.body.state).toBe("signed");
    expect(signed.body.mailSent).toBe(true);
    expect(await rcState(id)).toBe("signed");
    expect(await pending()).toBe(before);

    const signature = await asA()("GET", `/api/rate-confirmations/${id}/signature`);
    expect(signature.body.state).toBe("signed");
    const [request] = signature.body.requests;
    expect(request).toMatchObject({
      status: "signed",
      signerEmail: who.signerEmail,
      signedName: "Rita Shipper",
      userAgent: "SignerBrowser/1.0 (test)",
    });
    expect(request.ip).toBeTruthy();
    expect(request.viewedAt).toBeTruthy();

    const types = (
      await t.db
        .select({ type: activityEvents.type })
        .from(activityEvents)
        .where(eq(activityEvents.companyId, adminA.companyId))
        .orderBy(desc(activityEvents.createdAt))
    ).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["signature_requested", "signature_viewed", "rate_signed"]));

    const copy = await t.lastMail(who.signerEmail, /^Signed:/);
    expect(copy.attachments).toEqual([
      expect.objectContaining({
        contentType: "application/pdf",
        filename: expect.stringMatching(/-signed\.pdf$/),
      }),
    ]);

    for (const path of [`/api/rate-confirmations/${id}/signature/pdf`]) {
      const pdf = await asA()("GET", path);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
    }
    const raw = await t.app.request(`http://localhost:3000/api/public/sign/${token}/pdf`);
    expect(raw.status).toBe(200);
    const { pages } = await readPdf(Buffer.from(await raw.arrayBuffer()));
    const certificate = pages.at(-1) ?? "";
    expect(certificate).toContain("Signature Certificate");
    // Numbered like every page the client receives: the certificate is the last of them.
    expect(certificate).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(certificate).toContain("Rita Shipper");
    expect(certificate).toContain(request.contentHash);
    expect(certificate).toContain("SignerBrowser/1.0 (test)");

    expect((await sign(token)).body.error).toBe(ALREADY_CLOSED);
  });

  test("the stored hash is the SHA-256 of the stored content, which is the rate confirmation as sent", async () => {
    const { id } = await newRc();
    await send(id);
    const [row = missingRow("signatureRequests")] = await t.db
      .select()
      .from(signatureRequests)
      .where(
        and(eq(signatureRequests.companyId, adminA.companyId), eq(signatureRequests.rateConfirmationId, id)),
      );
    expect(sha256(row.content)).toBe(row.contentHash);
    const scope = { db: t.db, companyId: asCompanyId(adminA.companyId), userId: adminA.userId };
    const now = serialize(await documentOf(t.db, scope, await getRateConfirmation(scope, id)));
    expect(now.contentHash).toBe(row.contentHash);
    expect(now.content).toBe(row.content);
  });

  test("an edit that changes the document voids the signature and the link; an unchanged save does not", async () => {
    const { id, body } = await newRc();
    const { token } = await send(id);
    await sign(token);

    const same = await asA()("PUT", `/api/rate-confirmations/${id}`, body);
    expect(same.status).toBe(200);
    expect(await rcState(id)).toBe("signed");

    const changed = await asA()("PUT", `/api/rate-confirmations/${id}`, {
      ...body,
      description: "Now 18 ft wide",
    });
    expect(changed.status).toBe(200);
    expect(await rcState(id)).toBe("not_sent");
    const gone = await page(token);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(LINK_MESSAGES.revoked);
    const signature = await asA()("GET", `/api/rate-confirmations/${id}/signature`);
    expect(signature.body.requests[0].status).toBe("voided");
    expect((await asA()("GET", `/api/rate-confirmations/${id}/signature/pdf`)).status).toBe(404);

    // An awaiting request is voided the same way.
    const second = await send(id);
    await asA()("PUT", `/api/rate-confirmations/${id}`, { ...body, description: "Back to 16 ft" });
    expect((await page(second.token)).body.error).toBe(LINK_MESSAGES.revoked);
  });

  test("decline with a reason", async () => {
    const { id } = await newRc();
    const { token } = await send(id);
    const empty = await t.request("POST", `/api/public/sign/${token}/decline`, { body: { reason: "" } });
    expect(empty.status).toBe(400);
    const declined = await t.request("POST", `/api/public/sign/${token}/decline`, {
      body: { reason: "Rate too low for this route" },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.state).toBe("declined");
    expect(await rcState(id)).toBe("declined");
    const signature = await asA()("GET", `/api/rate-confirmations/${id}/signature`);
    expect(signature.body.requests[0].declineReason).toBe("Rate too low for this route");
    expect((await sign(token)).status).toBe(409);
  });

  test("an expired link is refused and the rate confirmation reads expired (not pending)", async () => {
    const { id } = await newRc();
    const { token } = await send(id);
    const before = await pending();
    const past = new Date(Date.now() - 1000);
    await t.db
      .update(publicLinks)
      .set({ expiresAt: past })
      .where(eq(publicLinks.tokenHash, sha256(token)));
    await t.db
      .update(rateConfirmations)
      .set({ signatureExpiresAt: past })
      .where(eq(rateConfirmations.id, id));
    const res = await page(token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(LINK_MESSAGES.expired);
    expect(await rcState(id)).toBe("expired");
    expect(await pending()).toBe(before - 1);
  });

  test("cancel withdraws the open request; send again replaces the link", async () => {
    const { id } = await newRc();
    const first = await send(id);
    const second = await send(id);
    expect((await page(first.token)).body.error).toBe(LINK_MESSAGES.revoked);
    expect((await page(second.token)).status).toBe(200);

    const canceled = await asA()("POST", `/api/rate-confirmations/${id}/signature/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.state).toBe("not_sent");
    expect(canceled.body.requests.map((r: { status: string }) => r.status)).toEqual(["canceled", "canceled"]);
    expect((await page(second.token)).body.error).toBe(LINK_MESSAGES.revoked);
    const again = await asA()("POST", `/api/rate-confirmations/${id}/signature/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(NO_OPEN_REQUEST);
  });

  test("canceling the rate confirmation withdraws its request; a canceled one cannot be sent", async () => {
    const { id } = await newRc();
    const { token } = await send(id);
    expect((await asA()("POST", `/api/rate-confirmations/${id}/cancel`)).status).toBe(200);
    expect((await page(token)).status).toBe(404);
    const refused = await asA()("POST", `/api/rate-confirmations/${id}/signature`, signer());
    expect(refused.status).toBe(409);
  });

  test("the reminder is a durable job: it goes once, 3 days on, with a link to the same request", async () => {
    const { id } = await newRc();
    const { token, who } = await send(id);
    const handlers = jobHandlers({ mailer: t.mailer, config: t.config, storage: t.storage });
    const run = (days: number) =>
      runDueJobs({ db: t.db, handlers, now: () => new Date(Date.now() + days * 86_400_000) });
    const reminders = async () =>
      (await t.outbox(who.signerEmail)).filter((m) => /^Reminder/.test(m.subject));
    await run(2.9);
    expect(await reminders()).toHaveLength(0);
    // Two workers at once, then a third later: one reminder.
    await Promise.all([run(3.1), run(3.1)]);
    await run(4);
    expect(await reminders()).toHaveLength(1);
    const reminderToken = pathOf(firstLink(first(await reminders(), "reminder").text)).slice("/sign/".length);
    expect(reminderToken).not.toBe(token);
    // Both links open the same request; signing through one closes it for the other.
    expect((await page(reminderToken)).status).toBe(200);
    expect((await sign(token)).status).toBe(200);
    expect((await page(reminderToken)).body.state).toBe("signed");
  });

  test("no reminder once the request is signed or withdrawn", async () => {
    const { id } = await newRc();
    const { token, who } = await send(id);
    await sign(token);
    const other = await newRc();
    const second = await send(other.id);
    await asA()("POST", `/api/rate-confirmations/${other.id}/signature/cancel`);
    await runDueJobs({
      db: t.db,
      handlers: jobHandlers({ mailer: t.mailer, config: t.config, storage: t.storage }),
      now: () => new Date(Date.now() + 4 * 86_400_000),
    });
    for (const email of [who.signerEmail, second.who.signerEmail]) {
      expect((await t.outbox(email)).filter((m) => /^Reminder/.test(m.subject))).toHaveLength(0);
    }
  });
});

describe("what the signer and the office are told", () => {
  test("a signed copy that cannot be emailed: the signature stands and the answer says the mail failed", async () => {
    const { id } = await newRc();
    const { token, who } = await send(id);
    mailFails = true;
    let signed: Awaited<ReturnType<typeof sign>>;
    try {
      signed = await sign(token);
    } finally {
      mailFails = false;
    }
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ state: "signed", mailSent: false });
    expect(await rcState(id)).toBe("signed");
    expect((await t.outbox(who.signerEmail)).filter((m) => /^Signed:/.test(m.subject))).toHaveLength(0);
    // The copy is still there, from the link and for the office.
    expect((await t.request("GET", `/api/public/sign/${token}/pdf`)).status).toBe(200);
    expect((await asA()("GET", `/api/rate-confirmations/${id}/signature/pdf`)).status).toBe(200);
  });

  test("an unsigned request that expires gets one signature_expired event, from its durable job", async () => {
    const handlers = jobHandlers({ mailer: t.mailer, config: t.config, storage: t.storage });
    const runAt = (days: number) =>
      runDueJobs({ db: t.db, handlers, now: () => new Date(Date.now() + days * 86_400_000) });
    const expiredEvents = async (jobNumber: string) =>
      t.db
        .select()
        .from(activityEvents)
        .where(
          and(
            eq(activityEvents.companyId, adminA.companyId),
            eq(activityEvents.type, "signature_expired"),
            eq(activityEvents.job, jobNumber),
          ),
        );
    const jobNumberOf = async (id: string): Promise<string> =>
      (await asA()("GET", `/api/rate-confirmations/${id}`)).body.jobNumber;

    // Left unsigned; viewed (still open).
    const open = await newRc();
    const opened = await send(open.id);
    await page(opened.token);
    // Signed, declined, canceled, and sent again (the first request of it replaced): never expire.
    const signed = await newRc();
    await sign((await send(signed.id)).token);
    const declined = await newRc();
    await t.request("POST", `/api/public/sign/${(await send(declined.id)).token}/decline`, {
      body: { reason: "Not this week" },
    });
    const canceled = await newRc();
    await send(canceled.id);
    await asA()("POST", `/api/rate-confirmations/${canceled.id}/signature/cancel`);
    const resent = await newRc();
    await send(resent.id);
    await send(resent.id);

    await runAt(29.9);
    expect(await expiredEvents(await jobNumberOf(open.id))).toHaveLength(0);
    // Past the expiry, two workers at once and a third later: one event per unsigned request.
    await Promise.all([runAt(30.1), runAt(30.1)]);
    await runAt(31);
    const [event, ...more] = await expiredEvents(await jobNumberOf(open.id));
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({ status: "error", client: "Lone Star Heavy Haul", actorId: null });
    expect(event?.message).toMatch(/expired: Rita Shipper did not sign within 30 days$/);
    for (const id of [signed.id, declined.id, canceled.id])
      expect(await expiredEvents(await jobNumberOf(id))).toHaveLength(0);
    // Sent twice: only the second request was still open at its expiry.
    expect(await expiredEvents(await jobNumberOf(resent.id))).toHaveLength(1);
    expect(await rcState(signed.id)).toBe("signed");
  });

  test("the rate confirmation's PDF downloads as an attachment; ?inline=1 opens it in the browser to print", async () => {
    const { id } = await newRc();
    const saved = await asA()("GET", `/api/rate-confirmations/${id}/pdf`);
    expect(saved.status).toBe(200);
    expect(saved.headers.get("content-disposition")).toMatch(
      /^attachment; filename="rate-confirmation-.+\.pdf"$/,
    );
    const shown = await asA()("GET", `/api/rate-confirmations/${id}/pdf?inline=1`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("application/pdf");
    expect(shown.headers.get("content-disposition")).toMatch(
      /^inline; filename="rate-confirmation-.+\.pdf"$/,
    );
    const bad = await asA()("GET", `/api/rate-confirmations/${id}/pdf?inline=yes`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("inline is 1");
  });
});

describe("who can reach a signature", () => {
  test("another company's admin gets 404 for every signature route", async () => {
    const { id } = await newRc();
    const asB = t.as(adminB);
    expect((await asB("GET", `/api/rate-confirmations/${id}/signature`)).status).toBe(404);
    expect((await asB("POST", `/api/rate-confirmations/${id}/signature`, signer())).status).toBe(404);
    expect((await asB("POST", `/api/rate-confirmations/${id}/signature/cancel`)).status).toBe(404);
    expect((await asB("GET", `/api/rate-confirmations/${id}/pdf`)).status).toBe(404);
    expect(await rcState(id)).toBe("not_sent");
  });

  test("a wrong token, another purpose's token or garbage is a clear 404; nothing leaks", async () => {
    const forged = "A".repeat(43);
    for (const token of [forged, "short", "../../api/clients", "%00"]) {
      const res = await page(encodeURIComponent(token));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: LINK_MESSAGES.unknown });
    }
    expect((await sign(forged)).status).toBe(404);
  });

  test("a token made for another purpose opens nothing here, and a signing token opens nothing there", async () => {
    // A sent invoice's public-view token (from its mail).
    const rc = await newRc();
    const dispatch = await t.createDispatch(adminA, { rateConfirmationId: rc.id, pevoId: pevo1.pevoId });
    const invoice = await asA()("POST", "/api/invoices", {
      invoiceNumber: `SIGN-X-${Math.random().toString(36).slice(2, 8)}`,
      issueDate: "2025-03-01",
      dueDate: "2025-03-31",
      dispatchId: dispatch.id,
      clientId,
      customerName: "Lone Star Heavy Haul",
      lineItems: [{ date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "600.00" }],
      allowAdditional: true,
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const billing = uniqueEmail("billing");
    expect((await asA()("POST", `/api/invoices/${invoice.body.id}/send`, { to: billing })).status).toBe(200);
    const invoiceToken = pathOf(firstLink((await t.lastMail(billing, /^Invoice /)).text)).slice("/i/".length);
    expect((await t.request("GET", `/api/public/invoices/${invoiceToken}`)).status).toBe(200);
    // The dispatch's Accept / Decline token (from the PEVO's assignment mail).
    const assignment = (await t.outbox(pevo1.email))
      .filter((m) => m.subject.startsWith("New dispatch"))
      .at(-1);
    const responseToken = nth(firstLink(assignment?.text ?? "").split("/respond/"), 1, "token");
    expect((await t.request("GET", `/api/public/dispatch-response/${responseToken}`)).status).toBe(200);

    for (const token of [invoiceToken, responseToken]) {
      for (const res of [
        await page(token),
        await sign(token),
        await t.request("GET", `/api/public/sign/${token}/pdf`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: LINK_MESSAGES.unknown });
      }
    }

    // The reverse: a live signing token is not an invoice link (nor an Accept / Decline link).
    const { token: signingToken } = await send(rc.id);
    const asInvoice = await t.request("GET", `/api/public/invoices/${signingToken}`);
    expect(asInvoice.status).toBe(404);
    expect(asInvoice.body).toEqual({ error: INVOICE_LINK_MESSAGES.unknown });
    expect((await t.request("GET", `/api/public/dispatch-response/${signingToken}`)).status).toBe(404);
    expect((await page(signingToken)).status).toBe(200);
  });

  test("guessing tokens is rate limited per address", async () => {
    const limited = await createTestApp({ authRateLimit: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await limited.request("GET", `/api/public/sign/${"B".repeat(43)}`)).status);
      expect(statuses.slice(0, 6).every((s) => s === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
