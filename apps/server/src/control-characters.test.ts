/**
 * Control characters in what a caller sends: the shared schemas refuse them with a field message
 * (schemas/fields.ts plainText), Better Auth's bodies alike (http/auth-input.ts), and a NUL that still
 * reached PostgreSQL would be a 400, never a 500 (http/errors.ts). The fuzz test (fuzz.test.ts) sends
 * them to every write route; these are the cases the report named.
 */
import { controlCharacterMessage } from "@pevo/shared";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, firstLink, pathOf, type TestApp, uniqueEmail } from "../test/harness";
import { toErrorResponse } from "./http/errors";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const refused = (field: string, label: string, lines: "single" | "multi" = "single") => ({
  status: 400,
  body: {
    error: controlCharacterMessage(label, lines),
    fields: { [field]: controlCharacterMessage(label, lines) },
  },
});

describe("a NUL byte is a 400 with a field message, never a 500", () => {
  test("a client's name, signup's company name", async () => {
    const admin = await t.signUpAdmin();
    const client = await t.request("POST", "/api/clients", {
      cookie: admin.cookie,
      body: { name: "nul\u0000byte" },
    });
    expect(client).toMatchObject(refused("name", "Company name"));
    const signup = await t.request("POST", "/api/signup", {
      body: {
        email: uniqueEmail(),
        password: "secret-pass",
        companyName: "Acme\u0000",
        contactPerson: "Pat Admin",
      },
    });
    expect(signup).toMatchObject(refused("companyName", "Company name"));
  });

  test("a signing link's typed name and decline reason (anonymous)", async () => {
    const admin = await t.signUpAdmin();
    const client = await t.createClient(admin.cookie);
    const rc = await t.createRateConfirmation(admin.cookie, { clientId: client.id });
    const signerEmail = uniqueEmail("signer");
    await t.request("POST", `/api/rate-confirmations/${rc.id}/signature`, {
      cookie: admin.cookie,
      body: { signerName: "Sam Signer", signerEmail },
    });
    const token = pathOf(firstLink((await t.lastMail(signerEmail)).text)).slice("/sign/".length);
    const sign = await t.request("POST", `/api/public/sign/${token}/sign`, {
      body: { consent: true, signedName: "Sam\u0000Signer" },
    });
    expect(sign).toMatchObject(refused("signedName", "Full name"));
    const decline = await t.request("POST", `/api/public/sign/${token}/decline`, {
      body: { reason: "No\u0000" },
    });
    expect(decline).toMatchObject(refused("reason", "Reason", "multi"));
    // A multi-line reason keeps its line breaks and tabs.
    const kept = await t.request("POST", `/api/public/sign/${token}/decline`, {
      body: { reason: "Wrong rate.\r\n\tCall me." },
    });
    expect(kept.status).toBe(200);
  });

  test("Better Auth's bodies: sign-in, reset password (a NUL token reached the database: a 500)", async () => {
    const signIn = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: "pat\u0000@example.test", password: "secret-pass" },
    });
    expect(signIn).toMatchObject(refused("email", "Email"));
    const reset = await t.request("POST", "/api/auth/reset-password", {
      body: { token: "a\u0000b", newPassword: "secret-pass" },
    });
    expect(reset).toMatchObject(refused("token", "The link's token"));
    const password = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: "pat@example.test", password: "secret\u0007pass" },
    });
    expect(password).toMatchObject(refused("password", "Password"));
  });

  test("PostgreSQL's own refusal of a NUL (22021) is a 400 in the JSON error shape", async () => {
    const app = new Hono();
    app.onError((error, c) => toErrorResponse(c, error));
    app.get("/", async (c) => {
      await t.db.execute(sql`select ${"nul\u0000byte"}::text`);
      return c.json({});
    });
    const res = await app.request("/");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "The text contains characters that cannot be stored" });
  });
});
