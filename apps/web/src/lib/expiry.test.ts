import { differenceInCalendarDays } from "date-fns";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { expiryHint } from "./expiry";
import { isoDay, parseDate } from "./format";

describe("expiryHint", () => {
  const today = new Date(2026, 2, 7, 23, 30); // late on Mar 7, the eve of a US clock change

  test("expired, today, tomorrow, within 30 days, beyond", () => {
    expect(expiryHint("2026-03-06", today)).toEqual({ tone: "expired", label: "Expired" });
    expect(expiryHint("2026-03-07", today)).toEqual({ tone: "soon", label: "Expires today" });
    expect(expiryHint("2026-03-08", today)).toEqual({ tone: "soon", label: "Expires in 1 day" });
    expect(expiryHint("2026-04-06", today)).toEqual({ tone: "soon", label: "Expires in 30 days" });
    expect(expiryHint("2026-04-07", today)).toBeNull();
    expect(expiryHint(null, today)).toBeNull();
    expect(expiryHint("not a date", today)).toBeNull();
  });

  test("counts calendar days as date-fns does, at any time of day", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true }),
        fc.integer({ min: -400, max: 400 }),
        (now, offset) => {
          const expiry = new Date(now);
          expiry.setDate(expiry.getDate() + offset);
          const days = differenceInCalendarDays(parseDate(isoDay(expiry)), now);
          const hint = expiryHint(isoDay(expiry), now);
          if (days < 0) expect(hint?.label).toBe("Expired");
          else if (days > 30) expect(hint).toBeNull();
          else if (days === 0) expect(hint?.label).toBe("Expires today");
          else expect(hint?.label).toBe(`Expires in ${days} ${days === 1 ? "day" : "days"}`);
        },
      ),
    );
  });
});
