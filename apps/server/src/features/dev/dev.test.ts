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

  test("is not served in production", async () => {
    const prod = await createTestApp({ config: { production: true } });
    try {
      const page = await prod.request("GET", "/dev/mailbox");
      expect(String(page.body)).not.toContain("Development mailbox");
      const json = await prod.request("GET", "/dev/mailbox.json");
      expect(Array.isArray(json.body)).toBe(false);
    } finally {
      await prod.close();
    }
  });
});
