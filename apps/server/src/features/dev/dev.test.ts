import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp, uniqueEmail } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("/dev/mailbox (development outbox)", () => {
  test("shows an email's text with its link clickable and a name typed with markup as text", async () => {
    const admin = await t.signUpAdmin();
    const email = uniqueEmail("markup-pevo");
    const created = await t.as(admin)("POST", "/api/pevos", {
      firstName: "<b>Pat</b>",
      lastName: "Lee",
      email,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const page = await t.request("GET", `/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.body).toContain("You&#39;re invited to the PEVO portal");
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/[^"]+">http:\/\/localhost:3000\//);
    expect(page.body).toContain("Hello &#60;b&#62;Pat&#60;/b&#62; Lee");
    expect(page.body).not.toContain("<b>Pat</b>");
  });

  test("/dev/seed/clients adds numbered clients to the signed-in admin's company only, as the API would store them", async () => {
    const { adminA, adminB } = await t.createTwoCompanies();
    const seeded = await t.as(adminA)("POST", "/dev/seed/clients", { name: "Bulk Carrier x1", count: 120 });
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(201);
    expect(seeded.body).toEqual({ added: 120 });

    const page = await t.as(adminA)("GET", "/api/clients?q=bulk%20carrier%20x1&pageSize=100");
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(120);
    expect(page.body.items[0]).toMatchObject({
      name: "Bulk Carrier x1 0000",
      contactPerson: "Dispatcher 0000",
      email: "bulk-carrier-x1.0000@example.test",
    });
    // The phone stored as the API stores one (E.164).
    expect(page.body.items[0].phone).toBe("+15552000000");
    const dispatcher = await t.as(adminA)("GET", "/api/clients?q=dispatcher%20011");
    expect(dispatcher.body.total).toBe(10);
    const theirs = await t.as(adminB)("GET", "/api/clients?q=bulk%20carrier");
    expect(theirs.body.total).toBe(0);
  });

  test("/dev/seed/clients: an admin's, same-origin, bounded", async () => {
    const { adminA, pevo1 } = await t.createTwoCompanies();
    const body = { name: "Bulk Carrier x2", count: 5 };
    expect((await t.request("POST", "/dev/seed/clients", { body })).status).toBe(401);
    expect((await t.as(pevo1)("POST", "/dev/seed/clients", body)).status).toBe(403);
    // What another site's form could send (a JSON body needs CORS, which this server never grants).
    const crossSite = await t.request("POST", "/dev/seed/clients", {
      body: JSON.stringify(body),
      cookie: adminA.cookie,
      headers: { Origin: "https://evil.example", "Content-Type": "text/plain" },
    });
    expect(crossSite.status).toBe(403);
    for (const bad of [
      { name: "Bulk", count: 5_001 },
      { name: "Bulk", count: 0 },
      { name: "", count: 5 },
      {},
    ]) {
      const res = await t.as(adminA)("POST", "/dev/seed/clients", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.fields).toBeDefined();
    }
  });

  test("is not served in production", async () => {
    const prod = await createTestApp({ config: { production: true } });
    try {
      const page = await prod.request("GET", "/dev/mailbox");
      expect(String(page.body)).not.toContain("Development mailbox");
      const json = await prod.request("GET", "/dev/mailbox.json");
      expect(Array.isArray(json.body)).toBe(false);
      const admin = await prod.signUpAdmin();
      const seeded = await prod.as(admin)("POST", "/dev/seed/clients", { name: "Bulk Carrier", count: 5 });
      expect(seeded.status).not.toBe(201);
      const listed = await prod.as(admin)("GET", "/api/clients");
      expect(listed.body.total).toBe(0);
    } finally {
      await prod.close();
    }
  });
});
