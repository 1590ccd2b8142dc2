import { describe, expect, test } from "vitest";
import { earlyStartQuestion, shortRoute, tripLocked } from "./lib";

describe("the route on a PEVO's dispatch card", () => {
  test("names city and state first, not the street", () => {
    expect(
      shortRoute({
        originAddress: "8800 Jacintoport Blvd, Houston, TX 77015",
        destinationAddress: "3500 N Hillside St, Wichita, KS 67219",
      }),
    ).toBe("Houston, TX → Wichita, KS");
  });

  test("an address without a state is shown as typed; a missing end is a dash", () => {
    expect(shortRoute({ originAddress: "Yard 4", destinationAddress: null })).toBe("Yard 4 → -");
    expect(shortRoute({ originAddress: null, destinationAddress: null })).toBe("-");
  });
});

describe("On my way before the pickup day", () => {
  // 9 pm on Nov 26 on the phone's own clock, whatever zone the tests run in.
  const now = new Date(2026, 10, 26, 21, 0);

  test("asks with the pickup day before it, by the phone's day", () => {
    expect(earlyStartQuestion("2026-11-27", now)).toBe("This job's pickup is Nov 27 — start it now?");
    expect(earlyStartQuestion("2026-11-30", now)).toBe("This job's pickup is Nov 30 — start it now?");
    expect(earlyStartQuestion("2027-01-04", now)).toBe("This job's pickup is Jan 4, 2027 — start it now?");
  });

  test("asks nothing on the pickup day or after it", () => {
    expect(earlyStartQuestion("2026-11-26", now)).toBeNull();
    expect(earlyStartQuestion("2026-11-01", now)).toBeNull();
  });
});

describe("a trip entry of a settled job", () => {
  test("is locked only when the answer says so; an answer cached before the flag existed is not", () => {
    expect(tripLocked({ paySettled: true })).toBe(true);
    expect(tripLocked({ paySettled: false })).toBe(false);
    expect(tripLocked({})).toBe(false);
  });
});
