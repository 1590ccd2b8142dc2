import { afterEach, describe, expect, test, vi } from "vitest";
import { formatDotNumber, formatMcNumber } from "../display";
import { BOUND_CASES, BOUNDS_FORMS, caseBody, caseTitle, emailOfLength, valueAt } from "./bounds.cases";
import { ZDispatch } from "./dispatch";
import { maxLengthOf } from "./fields";

/** The first message per field path, as the server reports them. */
function firstMessages(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join(".")] ??= issue.message;
  return fields;
}

describe("every field's bounds on the shared schemas (bounds.cases.ts)", () => {
  test("every form's valid body is valid", () => {
    for (const [name, form] of Object.entries(BOUNDS_FORMS)) {
      const result = form.schema.safeParse(form.valid());
      expect(result.success, `${name}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });

  test.each(BOUND_CASES.map((c) => [caseTitle(c), c] as const))("%s", (_title, c) => {
    const result = BOUNDS_FORMS[c.form].schema.safeParse(caseBody(c));
    if (c.error) {
      expect(result.success).toBe(false);
      expect(firstMessages(result.error?.issues ?? [])[c.field]).toBe(c.error);
    } else {
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
      expect(valueAt(result.data, c.field)).toEqual(c.saved ?? c.value);
    }
  });

  test("a text field's maxLength (for the input's attribute) is the schema's own bound", () => {
    for (const c of BOUND_CASES) {
      if (c.error?.endsWith(" characters") && typeof c.value === "string") {
        expect(maxLengthOf(BOUNDS_FORMS[c.form].schema, c.field), `${c.form}.${c.field}`).toBe(
          c.value.length - 1,
        );
      }
    }
  });

  test("emailOfLength builds valid addresses of the asked length", () => {
    for (const length of [254, 255]) expect(emailOfLength(length)).toHaveLength(length);
  });
});

describe("date windows read today when validating, not when the module loaded", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const pickup = (pickupDate: string) =>
    ZDispatch.safeParse({ ...BOUNDS_FORMS.dispatch.valid(), pickupDate }).error?.issues[0]?.message;

  test("the same schema object follows the clock", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2040-06-15T12:00:00Z"));
    expect(pickup("2045-06-15")).toBeUndefined();
    expect(pickup("2045-06-16")).toBe("Pickup date must be at most 5 years from today");
    vi.setSystemTime(new Date("2030-06-15T12:00:00Z"));
    expect(pickup("2045-06-15")).toBe("Pickup date must be at most 5 years from today");
    expect(pickup("2035-06-15")).toBeUndefined();
  });

  test("today is the UTC calendar day whatever the time of day (no time-zone shift)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-06-15T23:59:59Z"));
    expect(pickup("2035-06-15")).toBeUndefined();
    expect(pickup("2035-06-16")).toBe("Pickup date must be at most 5 years from today");
  });
});

describe("MC / DOT display", () => {
  test.each([
    ["100200", "MC 100200"],
    ["MC-100200", "MC 100200"],
    ["MC 100200", "MC 100200"],
    ["mc#100200", "MC 100200"],
    ["", null],
    [null, null],
  ])("formatMcNumber(%j) is %j", (stored, printed) => {
    expect(formatMcNumber(stored)).toBe(printed);
  });

  test("formatDotNumber", () => {
    expect(formatDotNumber("3000100")).toBe("DOT 3000100");
    expect(formatDotNumber("USDOT 3000100")).toBe("DOT 3000100");
    expect(formatDotNumber(null)).toBeNull();
  });
});
