import { describe, expect, it } from "vitest";
import { displayPhone } from "./display";
import { optionalPhone, phoneMessage, toE164 } from "./phone";
import { ZClient } from "./schemas/client";
import { ZDispatch } from "./schemas/dispatch";

describe("phone numbers (DECISIONS 'Phone numbers')", () => {
  it.each([
    ["(214) 555-0100", "+12145550100"],
    ["214.555.0100", "+12145550100"],
    ["1 214 555 0100", "+12145550100"],
    ["(306) 555-0100", "+13065550100"],
    ["+44 20 7946 0958", "+442079460958"],
    ["(214) 555-0100 ext. 12", "+12145550100;ext=12"],
  ])("%s is stored as %s", (typed, stored) => {
    expect(toE164(typed)).toBe(stored);
  });

  it.each(["call me maybe", "555-0100", "12", "abcdefghij", "+1 214 555 01000 99"])(
    "%s is not a phone number",
    (typed) => {
      expect(toE164(typed)).toBeNull();
    },
  );

  it("a form refuses 'call me maybe' with a clear message, and stores E.164", () => {
    const schema = optionalPhone("Phone");
    const bad = schema.safeParse("call me maybe");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(phoneMessage("Phone"));
    expect(schema.parse("")).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(" (214) 555-0100 ")).toBe("+12145550100");
    const client = ZClient.safeParse({ name: "Acme", phone: "call me maybe" });
    expect(client.success).toBe(false);
    expect(client.error?.issues.find((i) => i.path[0] === "phone")?.message).toBe(phoneMessage("Phone"));
  });

  it("a driver phone keeps the spec's message and is stored in E.164", () => {
    const shape = ZDispatch.shape.driverPhone;
    expect(shape.parse("806-555-0100")).toBe("+18065550100");
    expect(shape.safeParse("call me maybe, ok?").error?.issues[0]?.message).toBe(
      "Valid phone number is required",
    );
  });

  it("shows a stored number formatted, and an old typed value as it was", () => {
    expect(displayPhone("+12145550100")).toBe("(214) 555-0100");
    expect(displayPhone("+12145550100;ext=12")).toBe("(214) 555-0100 ext. 12");
    expect(displayPhone("+442079460958")).toBe("+442079460958");
    expect(displayPhone("call the yard first")).toBe("call the yard first");
    expect(displayPhone(null)).toBe("");
  });
});
