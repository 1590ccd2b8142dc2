import { describe, expect, test } from "vitest";
import { ZLogin, ZSignup, ZSignupForm } from "./auth";
import { ZClient } from "./client";
import { boundedText, isoDate, optionalEmail } from "./fields";

/** The first message per field, as the server reports them. */
function firstMessages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join(".")] ??= issue.message;
  return fields;
}

describe("ZSignupForm", () => {
  const valid = {
    email: "owner@example.test",
    companyName: "Acme Escorts",
    contactPerson: "Alex Smith",
    password: "secret-pass",
    confirmPassword: "secret-pass",
  };

  test("accepts a valid form and trims text", () => {
    const result = ZSignupForm.parse({ ...valid, email: "  owner@example.test ", companyName: "  Acme  " });
    expect(result.email).toBe("owner@example.test");
    expect(result.companyName).toBe("Acme");
  });

  test("'Passwords don't match' is reported on confirmPassword", () => {
    const result = ZSignupForm.safeParse({ ...valid, confirmPassword: "secret-pas" });
    expect(result.success).toBe(false);
    expect(firstMessages(result)).toEqual({ confirmPassword: "Passwords don't match" });
  });

  test("uses the form's wording for the contact name (SPEC §5)", () => {
    const result = ZSignupForm.safeParse({ ...valid, companyName: "A", contactPerson: "B", password: "1" });
    expect(firstMessages(result)).toMatchObject({
      companyName: "Company name must be at least 2 characters",
      contactPerson: "Contact name must be at least 2 characters",
      password: "Password must be at least 6 characters",
    });
  });

  test("a short confirm password is reported on its own field", () => {
    const result = ZSignupForm.safeParse({ ...valid, confirmPassword: "123" });
    expect(firstMessages(result).confirmPassword).toBe("Password must be at least 6 characters");
  });
});

describe("ZSignup (account layer) and ZLogin", () => {
  test("the account layer says 'Contact person name ...'", () => {
    const result = ZSignup.safeParse({
      email: "a@b.test",
      password: "secret-pass",
      companyName: "Co",
      contactPerson: "B",
    });
    expect(firstMessages(result)).toEqual({
      contactPerson: "Contact person name must be at least 2 characters",
    });
  });

  test("missing fields get the spec's messages, not zod's generic ones", () => {
    expect(firstMessages(ZSignup.safeParse({}))).toEqual({
      email: "Please enter a valid email",
      password: "Password must be at least 6 characters",
      companyName: "Company name must be at least 2 characters",
      contactPerson: "Contact person name must be at least 2 characters",
    });
    expect(firstMessages(ZLogin.safeParse({ email: "nope", password: "12345" }))).toEqual({
      email: "Please enter a valid email",
      password: "Password must be at least 6 characters",
    });
  });
});

describe("ZClient", () => {
  test("trims, turns empty strings into null, lower-cases the email and keeps an MC number's digits", () => {
    expect(
      ZClient.parse({
        name: "  Lone Star Heavy Haul ",
        contactPerson: "",
        mcNumber: "  MC-1 ",
        dotNumber: null,
        email: " Dispatch@LoneStar.TEST ",
        billingEmail: " AP@LoneStar.TEST ",
        phone: "   ",
        cellPhone: "",
        fax: "",
        address: "",
        paymentTermsDays: "",
        billToClientId: "",
      }),
    ).toEqual({
      name: "Lone Star Heavy Haul",
      contactPerson: null,
      mcNumber: "1",
      dotNumber: null,
      email: "dispatch@lonestar.test",
      billingEmail: "ap@lonestar.test",
      phone: null,
      cellPhone: null,
      fax: null,
      address: null,
      // Billing settings (DECISIONS 'Client billing settings'): empty → the company's terms, no bill-to.
      paymentTermsDays: null,
      poRequired: false,
      billToClientId: null,
      // No quick pay (DECISIONS 'Quick pay and factoring').
      quickPayPercent: null,
      quickPayDays: null,
    });
  });

  test("every optional field may be left out", () => {
    expect(ZClient.parse({ name: "Only Name" })).toEqual({
      name: "Only Name",
      contactPerson: null,
      mcNumber: null,
      dotNumber: null,
      email: null,
      billingEmail: null,
      phone: null,
      cellPhone: null,
      fax: null,
      address: null,
      paymentTermsDays: null,
      poRequired: false,
      billToClientId: null,
      quickPayPercent: null,
      quickPayDays: null,
    });
  });

  test("keeps the billing settings: one of the payment terms, PO required and a bill-to client", () => {
    const billTo = "11111111-1111-4111-8111-111111111111";
    expect(
      ZClient.parse({ name: "Billed Co", paymentTermsDays: "15", poRequired: true, billToClientId: billTo }),
    ).toMatchObject({ paymentTermsDays: 15, poRequired: true, billToClientId: billTo });
    expect(ZClient.parse({ name: "Billed Co", paymentTermsDays: 0 }).paymentTermsDays).toBe(0);
    expect(firstMessages(ZClient.safeParse({ name: "Billed Co", paymentTermsDays: 10 }))).toEqual({
      paymentTermsDays: "Choose Due on receipt, Net 7, 15, 30 or 45, or the company's terms",
    });
  });

  test.each([[undefined], [""], ["A"], ["  B  "], [7]])("name %j → 'Company name is required'", (name) => {
    expect(firstMessages(ZClient.safeParse({ name }))).toEqual({ name: "Company name is required" });
  });

  test.each([["not-an-email"], ["a@"], ["@b.test"], ["a b@c.test"]])(
    "email %j → 'Please enter a valid email'",
    (email) => {
      expect(firstMessages(ZClient.safeParse({ name: "Valid", email }))).toEqual({
        email: "Please enter a valid email",
      });
    },
  );
});

describe("field helpers", () => {
  test("boundedText", () => {
    const schema = boundedText("Notes", 3);
    expect(schema.parse("  x ")).toBe("x");
    expect(schema.parse("")).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse(" abc ")).toBe("abc");
    expect(schema.safeParse("abcd").error?.issues[0]?.message).toBe("Notes must be at most 3 characters");
  });

  test("optionalEmail", () => {
    const schema = optionalEmail("Bad");
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse("")).toBeNull();
    expect(schema.parse("A@B.TEST")).toBe("a@b.test");
    expect(schema.safeParse("nope").error?.issues[0]?.message).toBe("Bad");
  });

  test("isoDate accepts real calendar dates only", () => {
    const schema = isoDate("Bad date");
    expect(schema.parse("2024-02-29")).toBe("2024-02-29");
    for (const bad of [
      "2025-02-29",
      "2025-13-01",
      "2025-00-10",
      "2025-04-31",
      "2025-1-01",
      "01/02/2025",
      "",
    ]) {
      expect(schema.safeParse(bad).error?.issues[0]?.message, bad).toBe("Bad date");
    }
  });
});
