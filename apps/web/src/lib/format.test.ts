import { describe, expect, test } from "vitest";
import { formatZonedTime } from "./format";

describe("formatZonedTime", () => {
  test("shows the instant in the given zone with its abbreviation, whatever the runtime's zone", () => {
    expect(formatZonedTime("2026-11-23T12:05:00Z", "America/Chicago")).toBe("Nov 23, 6:05 AM CST");
    expect(formatZonedTime("2026-07-01T00:05:00Z", "America/Los_Angeles")).toBe("Jun 30, 5:05 PM PDT");
  });

  test("a zone without an abbreviation shows its offset", () => {
    expect(formatZonedTime("2026-07-01T00:05:00Z", "Asia/Kolkata")).toBe("Jul 1, 5:35 AM GMT+5:30");
  });
});
