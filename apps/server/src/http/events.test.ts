/**
 * GET /api/events: the live event stream's scoping (company, PEVO), who hears of a PEVO's answer and
 * steps, of invoices and payments, and of an edited rate confirmation, Last-Event-ID replay, the end
 * of a signed-out or deleted user's stream, a failed LISTEN tried again, and the fan-out between two
 * app instances on one database (two pools on PostgreSQL with TEST_DATABASE_URL: LISTEN/NOTIFY;
 * PGlite: the same code in-process).
 * Streams are read until the expected event arrives (order is kept: one channel, one sequence).
 */
import { listen, type OpenedDatabase, openDatabase } from "@pevo/db";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  createTestApp,
  firstLink,
  pathOf,
  rateConfirmationBody,
  type TestApp,
  uniqueEmail,
} from "../../test/harness";
import { createApp } from "../app";
import { jobHandlers } from "../jobs";
import { runDueJobs } from "../lib/jobs";
import { type Delivered, LiveHub, publishEvent } from "../lib/live-events";

type Message = { event: string; id?: string; data: string };
type Fetcher = { request: (url: string, init?: RequestInit) => Response | Promise<Response> };

const WAIT_MS = 20_000;

/** Opens the stream as a browser tab would, and reads its messages one at a time. */
async function openStream(app: Fetcher, cookie: string, lastEventId?: string) {
  const headers: Record<string, string> = { cookie };
  if (lastEventId) headers["Last-Event-ID"] = lastEventId;
  const res = await app.request(`${APP_URL}/api/events`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = (res.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let ended = false;
  const seen: Message[] = [];

  /** The next message, or null when the stream ended. */
  async function next(): Promise<Message | null> {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message: Message = { event: "message", data: "" };
        let comment = true;
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) continue;
          comment = false;
          const [field, ...rest] = line.split(":");
          const value = rest.join(":").replace(/^ /, "");
          if (field === "event") message.event = value;
          if (field === "id") message.id = value;
          if (field === "data") message.data += value;
        }
        if (comment) continue;
        seen.push(message);
        return message;
      }
      if (ended) return null;
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`No event within ${WAIT_MS} ms; saw ${JSON.stringify(seen)}`)),
            WAIT_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) ended = true;
      else buffer += chunk.value;
    }
  }

  /** Reads until a message matches; returns it and every message before it. */
  async function until(match: (m: Message) => boolean) {
    const before: Message[] = [];
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`No matching event; saw ${JSON.stringify(before)}`);
      const m = await next();
      if (!m) throw new Error(`The stream ended before the expected event; saw ${JSON.stringify(before)}`);
      if (match(m)) return { message: m, before };
      before.push(m);
    }
  }

  const opening = (await until((m) => m.event === "ready")).before;
  return {
    /** The messages before `ready`: a replay, or `resync`. */
    opening,
    next,
    until,
    /** The event about a record id (any kind). */
    about: (id: string) => until((m) => m.data.includes(id)),
    close: () => reader.cancel().catch(() => {}),
  };
}

const dataOf = (m: Message) => JSON.parse(m.data);

let t: TestApp;
let fixtures: Awaited<ReturnType<TestApp["createTwoCompanies"]>>;

beforeAll(async () => {
  t = await createTestApp({ config: { liveHeartbeatMs: 200 } });
  fixtures = await t.createTwoCompanies();
}, 180_000);
afterAll(() => t?.close());

describe("GET /api/events", { timeout: 120_000 }, () => {
  test("anonymous: 401", async () => {
    const res = await t.request("GET", "/api/events");
    expect(res.status).toBe(401);
  });

  test("an admin gets their company's events with a toast text, never another company's", async () => {
    const { adminA, adminB } = fixtures;
    const streamA = await openStream(t.app, adminA.cookie);
    const streamB = await openStream(t.app, adminB.cookie);
    try {
      const dispatchB = await t.createDispatch(adminB, { driverName: "Bravo Driver" });
      const dispatchA = await t.createDispatch(adminA, { driverName: "Alpha Driver" });
      const { message, before } = await streamA.about(dispatchA.id);
      expect(message.event).toBe("dispatch.created");
      expect(message.id).toMatch(/^[0-9a-f]+\.\d+$/);
      expect(dataOf(message)).toEqual({
        kind: "dispatch.created",
        ids: { dispatchId: dispatchA.id },
        text: "Dispatch for Alpha Driver created",
        by: adminA.userId,
      });
      // B's dispatch was published first: it would have come before A's.
      expect(JSON.stringify(before)).not.toContain(dispatchB.id);

      const gotB = await streamB.about(dispatchB.id);
      expect(gotB.message.event).toBe("dispatch.created");
      // A's dispatch comes after B's on B's stream, if ever: the next dispatch of B proves it never came.
      const dispatchB2 = await t.createDispatch(adminB, { driverName: "Bravo Two" });
      const nextB = await streamB.about(dispatchB2.id);
      expect(JSON.stringify(nextB.before)).not.toContain(dispatchA.id);
    } finally {
      await streamA.close();
      await streamB.close();
    }
  });

  test("a PEVO gets only the events naming them, without the office's text", async () => {
    const { adminA, pevo1, pevo2 } = fixtures;
    const stream1 = await openStream(t.app, pevo1.cookie);
    const stream2 = await openStream(t.app, pevo2.cookie);
    try {
      const unassigned = await t.createDispatch(adminA, { driverName: "Nobody's" });
      const for1 = await t.createDispatch(adminA, { pevoId: pevo1.pevoId, driverName: "For Paula" });
      const for2 = await t.createDispatch(adminA, { pevoId: pevo2.pevoId, driverName: "For Peter" });

      const got2 = await stream2.about(for2.id);
      expect(dataOf(got2.message)).toEqual({ kind: "dispatch.created", ids: { dispatchId: for2.id } });
      expect(JSON.stringify(got2.before)).not.toContain(for1.id);
      expect(JSON.stringify(got2.before)).not.toContain(unassigned.id);

      const got1 = await stream1.about(for1.id);
      expect(JSON.stringify(got1.before)).not.toContain(unassigned.id);

      // Reassigned from Paula to Peter: both hear of it (Paula's job disappears, Peter's appears).
      const moved = await t.as(adminA)("PUT", `/api/dispatches/${for1.id}`, {
        driverName: "For Paula",
        driverPhone: "(555) 123-4567",
        pickupDate: "2025-06-10",
        pickupTime: "09:00",
        pevoId: pevo2.pevoId,
        // Peter already has a dispatch that day (set up above): saved anyway.
        allowConflict: true,
      });
      expect(moved.status).toBe(200);
      expect((await stream1.about(for1.id)).message.event).toBe("dispatch.changed");
      expect((await stream2.about(for1.id)).message.event).toBe("dispatch.changed");
    } finally {
      await stream1.close();
      await stream2.close();
    }
  });

  test("the office's toast says who a dispatch was assigned to", async () => {
    const { adminA, pevo1 } = fixtures;
    const stream = await openStream(t.app, adminA.cookie);
    try {
      const client = await t.createClient(adminA);
      const rc = await t.createRateConfirmation(adminA, { clientId: client.id });
      const dispatch = await t.createDispatch(adminA, { rateConfirmationId: rc.id, pevoId: pevo1.pevoId });
      const { message } = await stream.about(dispatch.id);
      expect(dataOf(message).text).toBe(`Dispatch ${rc.jobNumber} assigned to Paula One`);
    } finally {
      await stream.close();
    }
  });

  test("a PEVO's accept, step and decline reach the office with a toast and that PEVO, never another PEVO", async () => {
    const { adminA, pevo1, pevo2 } = fixtures;
    const portal = (id: string, action: string, body?: unknown) =>
      t.as(pevo1)("POST", `/api/portal/dispatches/${id}/${action}`, body);
    const client = await t.createClient(adminA);
    const rc = await t.createRateConfirmation(adminA, { clientId: client.id });
    const office = await openStream(t.app, adminA.cookie);
    const paula = await openStream(t.app, pevo1.cookie);
    const peter = await openStream(t.app, pevo2.cookie);
    try {
      const job = await t.createDispatch(adminA, { rateConfirmationId: rc.id, pevoId: pevo1.pevoId });
      const declined = await t.createDispatch(adminA, { rateConfirmationId: rc.id, pevoId: pevo1.pevoId });
      for (const stream of [office, paula]) {
        await stream.about(job.id);
        await stream.about(declined.id);
      }
      const heard = async (dispatchId: string, text: string) => {
        expect(dataOf((await office.about(dispatchId)).message)).toEqual({
          kind: "dispatch.changed",
          ids: { dispatchId },
          text,
          by: pevo1.userId,
        });
        expect(dataOf((await paula.about(dispatchId)).message)).toEqual({
          kind: "dispatch.changed",
          ids: { dispatchId },
        });
      };

      expect((await portal(job.id, "accept")).status).toBe(200);
      await heard(job.id, `Paula One accepted — ${rc.jobNumber}`);
      expect((await portal(job.id, "steps", { kind: "on_my_way" })).status).toBe(200);
      await heard(job.id, `Paula One is on the way — ${rc.jobNumber}`);
      expect((await portal(declined.id, "decline", { reason: "Sick" })).status).toBe(204);
      await heard(declined.id, `Paula One declined — ${rc.jobNumber}`);

      // Peter's next event comes after all of those: none of them reached him.
      const forPeter = await t.createDispatch(adminA, { pevoId: pevo2.pevoId, driverName: "Peter's" });
      const before = JSON.stringify((await peter.about(forPeter.id)).before);
      expect(before).not.toContain(job.id);
      expect(before).not.toContain(declined.id);
    } finally {
      await office.close();
      await paula.close();
      await peter.close();
    }
  });

  test("a saved invoice and a recorded payment reach the office only, not the job's PEVO", async () => {
    const { adminA, pevo1 } = fixtures;
    const client = await t.createClient(adminA);
    const rc = await t.createRateConfirmation(adminA, { clientId: client.id });
    const job = await t.createDispatch(adminA, { rateConfirmationId: rc.id, pevoId: pevo1.pevoId });
    const office = await openStream(t.app, adminA.cookie);
    const paula = await openStream(t.app, pevo1.cookie);
    try {
      const created = await t.as(adminA)("POST", "/api/invoices", {
        invoiceNumber: `LIVE-${Date.now()}`,
        issueDate: "2025-06-11",
        dueDate: "2025-07-11",
        dispatchId: job.id,
        clientId: client.id,
        customerName: client.name,
        lineItems: [{ date: "2025-06-10", location: "Houston, TX", mileage: "0", charge: "500.00" }],
        allowAdditional: true,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const invoice = created.body as { id: string; invoiceNumber: string };
      expect(dataOf((await office.about(invoice.id)).message)).toEqual({
        kind: "invoice.changed",
        ids: { invoiceId: invoice.id },
        text: `Invoice ${invoice.invoiceNumber} created`,
        by: adminA.userId,
      });
      const paid = await t.as(adminA)("POST", `/api/invoices/${invoice.id}/payments`, {
        date: "2025-06-12",
        amount: "200.00",
        method: "check",
        reference: "CHK-7",
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      expect(dataOf((await office.about(invoice.id)).message)).toEqual({
        kind: "invoice.changed",
        ids: { invoiceId: invoice.id },
        text: `Invoice ${invoice.invoiceNumber} payment recorded`,
        by: adminA.userId,
      });

      // Paula's next event comes after both: neither reached her.
      const next = await t.createDispatch(adminA, { pevoId: pevo1.pevoId, driverName: "After the invoice" });
      expect(JSON.stringify((await paula.about(next.id)).before)).not.toContain(invoice.id);
    } finally {
      await office.close();
      await paula.close();
    }
  });

  test("an edited rate confirmation reaches the PEVOs of its dispatches and positions, not another PEVO", async () => {
    const { adminA, pevo1, pevo2 } = fixtures;
    const pat = await t.createPevoUser(adminA.companyId, { firstName: "Pat", lastName: "Three" });
    const client = await t.createClient(adminA);
    const body = rateConfirmationBody({
      clientId: client.id,
      positions: [{ positionType: "lead_car", pevoId: pevo2.pevoId }],
      allowConflict: true,
    });
    const created = await t.as(adminA)("POST", "/api/rate-confirmations", body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const rc = created.body as { id: string };
    await t.createDispatch(adminA, { rateConfirmationId: rc.id, pevoId: pevo1.pevoId });
    const onDispatch = await openStream(t.app, pevo1.cookie);
    const onPosition = await openStream(t.app, pevo2.cookie);
    const other = await openStream(t.app, pat.cookie);
    try {
      const res = await t.as(adminA)("PUT", `/api/rate-confirmations/${rc.id}`, {
        ...body,
        destinationAddress: "Tulsa, OK 74103",
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (const stream of [onDispatch, onPosition]) {
        expect(dataOf((await stream.about(rc.id)).message)).toEqual({
          kind: "rate_confirmation.changed",
          ids: { rateConfirmationId: rc.id },
        });
      }
      const forPat = await t.createDispatch(adminA, { pevoId: pat.pevoId, driverName: "Pat's" });
      expect(JSON.stringify((await other.about(forPat.id)).before)).not.toContain(rc.id);
    } finally {
      await onDispatch.close();
      await onPosition.close();
      await other.close();
    }
  });

  test("the signer opening the signing link, and the link expiring unsigned, reach the office live", async () => {
    const { adminA } = fixtures;
    const stream = await openStream(t.app, adminA.cookie);
    try {
      const client = await t.createClient(adminA);
      const rc = await t.createRateConfirmation(adminA, { clientId: client.id });
      const signerEmail = uniqueEmail("signer");
      const sendIt = async () => {
        const sent = await t.as(adminA)("POST", `/api/rate-confirmations/${rc.id}/signature`, {
          signerName: "Rita Shipper",
          signerEmail,
        });
        expect(sent.status).toBe(201);
        // (After the rate confirmation's own creation event.)
        await stream.until(
          (m) => m.data.includes(rc.id) && dataOf(m).text === "Rate confirmation sent for signature",
        );
      };
      await sendIt();
      const token = pathOf(firstLink((await t.lastMail(signerEmail, /Please sign/)).text)).slice(
        "/sign/".length,
      );

      expect((await t.request("GET", `/api/public/sign/${token}`)).status).toBe(200);
      const viewed = await stream.about(rc.id);
      expect(viewed.message.event).toBe("rate_confirmation.changed");
      expect(dataOf(viewed.message)).toEqual({
        kind: "rate_confirmation.changed",
        ids: { rateConfirmationId: rc.id },
        text: `Rate confirmation ${rc.jobNumber} opened by Rita Shipper`,
      });
      // Only the first opening: the next event about it is the cancel, nothing in between.
      expect((await t.request("GET", `/api/public/sign/${token}`)).status).toBe(200);
      expect((await t.as(adminA)("POST", `/api/rate-confirmations/${rc.id}/signature/cancel`)).status).toBe(
        200,
      );
      const canceled = await stream.about(rc.id);
      expect(dataOf(canceled.message).text).toBe("Signature request canceled");

      // Sent again and left unsigned: its expiry job publishes when it runs.
      await sendIt();
      await runDueJobs({
        db: t.db,
        handlers: jobHandlers({ mailer: t.mailer, config: t.config, storage: t.storage }),
        now: () => new Date(Date.now() + 31 * 86_400_000),
      });
      const expired = await stream.about(rc.id);
      expect(dataOf(expired.message).text).toBe(
        `Rate confirmation ${rc.jobNumber} signature request expired`,
      );
    } finally {
      await stream.close();
    }
  });

  test("a reconnect with Last-Event-ID gets what it missed; an unknown id says resync", async () => {
    const { adminA } = fixtures;
    const first = await openStream(t.app, adminA.cookie);
    const seen = await t.createDispatch(adminA, { driverName: "Seen" });
    const { message } = await first.about(seen.id);
    await first.close();

    // Once another stream has it, the hub has it too.
    const witness = await openStream(t.app, adminA.cookie);
    const missed = await t.createDispatch(adminA, { driverName: "Missed" });
    await witness.about(missed.id);
    await witness.close();

    const resumed = await openStream(t.app, adminA.cookie, message.id);
    await resumed.close();
    const replayed = JSON.stringify(resumed.opening);
    expect(replayed).toContain(missed.id);
    expect(replayed).not.toContain(seen.id);
    expect(resumed.opening.map((m) => m.event)).not.toContain("resync");

    const unknown = await openStream(t.app, adminA.cookie, "00000000.3");
    await unknown.close();
    expect(unknown.opening.map((m) => m.event)).toEqual(["resync"]);
  });

  test("a deleted PEVO's stream says signed-out and closes; so does a signed-out admin's", async () => {
    const { adminA } = fixtures;
    const doomed = await t.createPevoUser(adminA.companyId, { firstName: "Gone", lastName: "Soon" });
    const stream = await openStream(t.app, doomed.cookie);
    const removed = await t.as(adminA)("DELETE", `/api/pevos/${doomed.pevoId}`);
    expect(removed.status).toBe(204);
    await stream.until((m) => m.event === "signed-out");
    expect(await stream.next()).toBeNull();

    const second = await t.login(adminA.email, adminA.password);
    const adminStream = await openStream(t.app, second);
    const out = await t.request("POST", "/api/auth/sign-out", { cookie: second, body: {} });
    expect(out.status).toBe(200);
    await adminStream.until((m) => m.event === "signed-out");
    expect(await adminStream.next()).toBeNull();
  });

  test("a LISTEN that fails is not kept: the next start listens again and delivers", async () => {
    let calls = 0;
    const flaky: typeof listen = (...args) => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error("connection refused")) : listen(...args);
    };
    const hub = new LiveHub(t.db, flaky);
    await expect(hub.start()).rejects.toThrow("connection refused");
    await hub.start();
    expect(calls).toBe(2);
    try {
      const got = new Promise<Delivered>((resolve) =>
        hub.subscribe({ companyId: fixtures.adminA.companyId, pevoId: null }, undefined, resolve, () => {}),
      );
      await publishEvent(t.db, {
        companyId: fixtures.adminA.companyId,
        kind: "dispatch.deleted",
        ids: { dispatchId: "after-the-retry" },
      });
      expect((await got).message).toEqual({
        kind: "dispatch.deleted",
        ids: { dispatchId: "after-the-retry" },
      });
      // Started once it worked: no third LISTEN.
      await hub.start();
      expect(calls).toBe(2);
    } finally {
      await hub.stop();
    }
  });

  test("two app instances on one database: an event published through one reaches the other's streams", async () => {
    const { adminA, pevo1 } = fixtures;
    // PostgreSQL: a second pool and its own LISTEN connection, as a second server would have.
    let second: OpenedDatabase | undefined;
    if (t.databaseUrl) second = await openDatabase({ kind: "postgres", url: t.databaseUrl });
    const other = createApp({ db: second?.db ?? t.db, config: t.config, mailer: t.mailer });
    try {
      const officeThere = await openStream(other, adminA.cookie);
      const pevoThere = await openStream(other, pevo1.cookie);
      const officeHere = await openStream(t.app, adminA.cookie);
      const dispatch = await t.createDispatch(adminA, { pevoId: pevo1.pevoId });
      expect((await officeThere.about(dispatch.id)).message.event).toBe("dispatch.created");
      expect((await pevoThere.about(dispatch.id)).message.event).toBe("dispatch.created");
      expect((await officeHere.about(dispatch.id)).message.event).toBe("dispatch.created");

      // And the other way round.
      const res = await other.request(`${APP_URL}/api/dispatches/${dispatch.id}`, {
        method: "DELETE",
        headers: { cookie: adminA.cookie, origin: APP_URL },
      });
      expect(res.status).toBe(204);
      expect((await officeHere.about(dispatch.id)).message.event).toBe("dispatch.deleted");
      expect((await pevoThere.about(dispatch.id)).message.event).toBe("dispatch.deleted");
      await officeThere.close();
      await pevoThere.close();
      await officeHere.close();
    } finally {
      await second?.close();
    }
  });
});
