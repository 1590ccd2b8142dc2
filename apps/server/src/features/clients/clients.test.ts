import { activityEvents, clients, missingRow, rateConfirmations } from "@pevo/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp, type TestPevo } from "../../../test/harness";

const IN_USE = "This client has rate confirmations and cannot be deleted. Delete or reassign them first.";
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevoA: TestPevo;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Company A Escorts" });
  adminB = await t.signUpAdmin({ companyName: "Company B Escorts" });
  pevoA = await t.createPevoUser(adminA.companyId);
});
afterAll(() => t.close());

const asA = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { cookie: adminA.cookie, body });

async function createClientA(body: Record<string, unknown> = {}) {
  const res = await asA("POST", "/api/clients", {
    name: `Client ${Math.random().toString(36).slice(2)}`,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string } & Record<string, unknown>;
}

async function dbRow(id: string) {
  const [row] = await t.db.select().from(clients).where(eq(clients.id, id));
  return row;
}

describe("GET /api/clients", () => {
  test("lists only the company's own clients, by name ascending", async () => {
    const fresh = await t.signUpAdmin();
    for (const name of ["Zephyr Hauling", "acme Wide Loads", "Midland Heavy", "Bravo Transport"]) {
      const res = await t.request("POST", "/api/clients", { cookie: fresh.cookie, body: { name } });
      expect(res.status).toBe(201);
    }
    await t.request("POST", "/api/clients", { cookie: adminB.cookie, body: { name: "Aaa Other Company" } });

    const res = await t.request("GET", "/api/clients", { cookie: fresh.cookie });
    expect(res.status).toBe(200);
    const names = res.body.items.map((c: { name: string }) => c.name);
    // Case-insensitive, whatever the database's collation.
    expect(names).toEqual(["acme Wide Loads", "Bravo Transport", "Midland Heavy", "Zephyr Hauling"]);
  });

  test("a new company has no clients", async () => {
    const fresh = await t.signUpAdmin();
    const res = await t.request("GET", "/api/clients", { cookie: fresh.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 25 });
  });
});

describe("POST /api/clients", () => {
  test("creates a client and returns the row", async () => {
    const res = await asA("POST", "/api/clients", {
      name: "  Lone Star Heavy Haul ",
      contactPerson: "Maria Gonzales",
      mcNumber: "MC-884213",
      dotNumber: "2938471",
      email: " Dispatch@LoneStar.TEST ",
      phone: "(512) 555-0142",
      cellPhone: "",
      fax: "",
      address: "4100 Industrial Blvd, Austin, TX 78744",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Lone Star Heavy Haul",
      contactPerson: "Maria Gonzales",
      mcNumber: "884213",
      dotNumber: "2938471",
      email: "dispatch@lonestar.test",
      phone: "+15125550142",
      cellPhone: null,
      fax: null,
      address: "4100 Industrial Blvd, Austin, TX 78744",
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(res.body.createdAt))).toBe(false);
    expect(res.body).not.toHaveProperty("companyId");

    const row = (await dbRow(res.body.id)) ?? missingRow("clients");
    expect(row.companyId).toBe(adminA.companyId);
    expect(row.createdBy).toBe(adminA.userId);
    expect(row.email).toBe("dispatch@lonestar.test");
    expect(row.cellPhone).toBeNull();
    expect(row.fax).toBeNull();
  });

  test("stores empty strings and missing optional fields as null", async () => {
    const res = await asA("POST", "/api/clients", {
      name: "Only A Name",
      contactPerson: "",
      mcNumber: "  ",
      dotNumber: null,
      email: "",
      phone: "",
    });
    expect(res.status).toBe(201);
    const row = (await dbRow(res.body.id)) ?? missingRow("clients");
    for (const key of [
      "contactPerson",
      "mcNumber",
      "dotNumber",
      "email",
      "phone",
      "cellPhone",
      "fax",
      "address",
    ]) {
      expect(row[key as keyof typeof row], key).toBeNull();
    }
  });

  test("accepts a client without an email field at all", async () => {
    const res = await asA("POST", "/api/clients", { name: "No Email Field Inc" });
    expect(res.status).toBe(201);
    expect(res.body.email).toBeNull();
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["a missing name", {}, "name", "Company name is required"],
    ["an empty name", { name: "" }, "name", "Company name is required"],
    ["a 1-character name", { name: "A" }, "name", "Company name is required"],
    ["a blank name", { name: "    " }, "name", "Company name is required"],
    ["a name that is not text", { name: 42 }, "name", "Company name is required"],
    [
      "an invalid email",
      { name: "Valid Name", email: "not-an-email" },
      "email",
      "Please enter a valid email",
    ],
    [
      "an email without domain",
      { name: "Valid Name", email: "someone@" },
      "email",
      "Please enter a valid email",
    ],
  ];
  test.each(invalid)("refuses %s with 400 and the spec's message", async (_, body, field, message) => {
    const before = (await asA("GET", "/api/clients")).body.total;
    const res = await asA("POST", "/api/clients", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields[field]).toBe(message);
    expect((await asA("GET", "/api/clients")).body.total).toBe(before);
  });

  test("writes a client_added activity event shown on the dashboard", async () => {
    const client = await createClientA({ name: "Activity Logistics" });
    const [event] = await t.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.client, "Activity Logistics"));
    expect(event).toMatchObject({
      companyId: adminA.companyId,
      actorId: adminA.userId,
      type: "client_added",
      status: "success",
    });
    const dashboard = await asA("GET", "/api/dashboard");
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.activity[0]).toMatchObject({
      type: "client_added",
      client: client.name,
      status: "success",
      message: "Client Activity Logistics added",
    });
    // Not in another company's activity.
    const other = await t.request("GET", "/api/dashboard", { cookie: adminB.cookie });
    expect(other.body.activity.map((a: { client: string }) => a.client)).not.toContain("Activity Logistics");
  });
});

describe("billing email", () => {
  test("optional: stored lowercased, cleared by an empty value, a bad one is a 400 on its field", async () => {
    const client = await createClientA({ email: "dispatch@haul.test", billingEmail: " AP@Haul.TEST " });
    expect(client).toMatchObject({ email: "dispatch@haul.test", billingEmail: "ap@haul.test" });
    expect((await dbRow(client.id))?.billingEmail).toBe("ap@haul.test");
    expect((await asA("GET", `/api/clients/${client.id}`)).body.billingEmail).toBe("ap@haul.test");
    const listed = await asA("GET", `/api/clients?q=${encodeURIComponent(client.name)}`);
    expect(listed.body.items[0].billingEmail).toBe("ap@haul.test");

    const bad = await asA("PUT", `/api/clients/${client.id}`, { name: client.name, billingEmail: "ap@" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ billingEmail: "Please enter a valid email" });
    expect((await dbRow(client.id))?.billingEmail).toBe("ap@haul.test");

    const cleared = await asA("PUT", `/api/clients/${client.id}`, { name: client.name, billingEmail: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.billingEmail).toBeNull();
    expect((await createClientA()).billingEmail).toBeNull();
  });
});

describe("GET /api/clients/:id", () => {
  test("returns the client", async () => {
    const client = await createClientA({ name: "Get Me Transport", phone: "(806) 555-0100" });
    const res = await asA("GET", `/api/clients/${client.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(client);
  });

  test.each([
    ["an unknown uuid", MISSING_ID],
    ["a non-uuid id", "not-a-uuid"],
    ["a number", "123"],
    ["an SQL-ish id", "1' or '1'='1"],
  ])("answers 404 'Client not found' for %s", async (_, id) => {
    const res = await asA("GET", `/api/clients/${encodeURIComponent(id)}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Client not found" });
  });
});

describe("PUT /api/clients/:id", () => {
  test("updates every field and returns the row", async () => {
    const client = await createClientA({
      name: "Before Update",
      contactPerson: "Old Contact",
      fax: "806-555-0001",
    });
    const res = await asA("PUT", `/api/clients/${client.id}`, {
      name: "After Update",
      contactPerson: "New Contact",
      email: "NEW@Example.TEST",
      fax: "",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: client.id,
      name: "After Update",
      contactPerson: "New Contact",
      email: "new@example.test",
      fax: null,
    });
    const row = (await dbRow(client.id)) ?? missingRow("clients");
    expect(row).toMatchObject({ name: "After Update", contactPerson: "New Contact", fax: null });
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    expect((await asA("GET", `/api/clients/${client.id}`)).body.name).toBe("After Update");
  });

  test("validates like create and changes nothing on bad input", async () => {
    const client = await createClientA({ name: "Stays The Same" });
    const short = await asA("PUT", `/api/clients/${client.id}`, { name: "X" });
    expect(short.status).toBe(400);
    expect(short.body.fields.name).toBe("Company name is required");
    const email = await asA("PUT", `/api/clients/${client.id}`, { name: "Valid", email: "bad" });
    expect(email.status).toBe(400);
    expect(email.body.fields.email).toBe("Please enter a valid email");
    expect((await dbRow(client.id))?.name).toBe("Stays The Same");
  });

  test("answers 404 for unknown and non-uuid ids", async () => {
    expect((await asA("PUT", `/api/clients/${MISSING_ID}`, { name: "Nobody" })).status).toBe(404);
    expect((await asA("PUT", "/api/clients/nope", { name: "Nobody" })).status).toBe(404);
  });
});

describe("DELETE /api/clients/:id", () => {
  test("deletes the client (204, empty body)", async () => {
    const client = await createClientA();
    const res = await asA("DELETE", `/api/clients/${client.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    expect(await dbRow(client.id)).toBeUndefined();
    expect((await asA("GET", `/api/clients/${client.id}`)).status).toBe(404);
    expect((await asA("DELETE", `/api/clients/${client.id}`)).status).toBe(404);
  });

  test("refuses with 409 when a rate confirmation uses the client, and keeps it", async () => {
    const client = await createClientA({ name: "Has Rate Confirmations" });
    await t.db.insert(rateConfirmations).values({
      companyId: adminA.companyId,
      createdBy: adminA.userId,
      clientId: client.id,
      jobNumber: "RC-20250301-001",
      originAddress: "Houston, TX",
      destinationAddress: "Denver, CO",
      startDate: "2025-03-01",
      description: "Wind turbine blade, 180 ft",
    });
    const res = await asA("DELETE", `/api/clients/${client.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: IN_USE });
    expect(await dbRow(client.id)).toBeDefined();
    expect((await asA("GET", `/api/clients/${client.id}`)).status).toBe(200);
  });

  test("answers 404 for unknown and non-uuid ids", async () => {
    expect((await asA("DELETE", `/api/clients/${MISSING_ID}`)).status).toBe(404);
    expect((await asA("DELETE", "/api/clients/nope")).status).toBe(404);
  });
});

describe("access control", () => {
  const endpoints = (id: string): [string, string, unknown?][] => [
    ["GET", "/api/clients"],
    ["POST", "/api/clients", { name: "Sneaky Client" }],
    ["GET", `/api/clients/${id}`],
    ["PUT", `/api/clients/${id}`, { name: "Sneaky Rename" }],
    ["DELETE", `/api/clients/${id}`],
  ];

  test("anonymous callers get 401 on every clients endpoint", async () => {
    const client = await createClientA({ name: "Anonymous Target" });
    for (const [method, path, body] of endpoints(client.id)) {
      const res = await t.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body, `${method} ${path}`).toEqual({
        error: "You must be logged in to perform this action",
      });
    }
    expect(await dbRow(client.id)).toMatchObject({ name: "Anonymous Target" });
    expect(await t.db.select().from(clients).where(eq(clients.name, "Sneaky Client"))).toEqual([]);
  });

  test("a PEVO user gets 403 on every clients endpoint", async () => {
    const client = await createClientA({ name: "Pevo Target" });
    for (const [method, path, body] of endpoints(client.id)) {
      const res = await t.request(method, path, { cookie: pevoA.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(typeof res.body.error).toBe("string");
    }
    expect(await dbRow(client.id)).toMatchObject({ name: "Pevo Target" });
    expect(await t.db.select().from(clients).where(eq(clients.name, "Sneaky Client"))).toEqual([]);
  });

  test("another company's admin gets 404 on a client of company A, and the row is unchanged", async () => {
    const client = await createClientA({ name: "Company A Secret", email: "a@secret.test" });
    const before = await dbRow(client.id);
    const asB = (method: string, body?: unknown) =>
      t.request(method, `/api/clients/${client.id}`, { cookie: adminB.cookie, body });

    const get = await asB("GET");
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ error: "Client not found" });
    const put = await asB("PUT", { name: "Hijacked", email: "b@evil.test" });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ error: "Client not found" });
    const del = await asB("DELETE");
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ error: "Client not found" });

    expect(await dbRow(client.id)).toEqual(before);
    const list = await t.request("GET", "/api/clients", { cookie: adminB.cookie });
    expect(list.body.items.map((c: { id: string }) => c.id)).not.toContain(client.id);
  });

  test("a rate confirmation of another company does not block deleting (nor leak) a client", async () => {
    // Company B's rate confirmation cannot point at A's client through the API; the 409 check is
    // scoped to the caller's company, so B's own unrelated data never changes A's answer.
    const client = await createClientA({ name: "Free To Delete" });
    const bClient = await t.request("POST", "/api/clients", {
      cookie: adminB.cookie,
      body: { name: "B Client" },
    });
    await t.db.insert(rateConfirmations).values({
      companyId: adminB.companyId,
      clientId: bClient.body.id,
      jobNumber: "RC-20250302-001",
      originAddress: "Tulsa, OK",
      destinationAddress: "Wichita, KS",
      startDate: "2025-03-02",
      description: "Transformer move, 14 ft wide",
    });
    expect((await asA("DELETE", `/api/clients/${client.id}`)).status).toBe(204);
    expect(
      (await t.request("DELETE", `/api/clients/${bClient.body.id}`, { cookie: adminA.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request("DELETE", `/api/clients/${bClient.body.id}`, { cookie: adminB.cookie })).status,
    ).toBe(409);
  });
});
