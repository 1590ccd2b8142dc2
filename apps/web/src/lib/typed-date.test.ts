import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTypedDate, typedDate } from "./typed-date";

const years = { from: 1950, to: 2041 };

describe("parseTypedDate", () => {
  it("reads mm/dd/yyyy and its short and dashed forms", () => {
    expect(parseTypedDate("03/15/2028", years)).toEqual({ ok: true, iso: "2028-03-15" });
    expect(parseTypedDate(" 3/5/2028 ", years)).toEqual({ ok: true, iso: "2028-03-05" });
    expect(parseTypedDate("03-15-2028", years)).toEqual({ ok: true, iso: "2028-03-15" });
    expect(parseTypedDate("02/29/2028", years)).toEqual({ ok: true, iso: "2028-02-29" });
  });

  it("refuses text that is not a date, with the format in the message", () => {
    for (const text of ["", "tomorrow", "2028-03-15", "03/15/28", "03/15", "13/15/2028x"]) {
      expect(parseTypedDate(text, years)).toEqual({ ok: false, message: "Enter the date as mm/dd/yyyy" });
    }
  });

  it("refuses days the calendar does not have", () => {
    for (const text of ["02/29/2027", "13/01/2028", "00/10/2028", "04/31/2028", "01/00/2028"]) {
      expect(parseTypedDate(text, years)).toEqual({ ok: false, message: "That date does not exist" });
    }
  });

  it("refuses years outside the calendar's drop-down", () => {
    expect(parseTypedDate("01/01/1949", years)).toEqual({
      ok: false,
      message: "Enter a year from 1950 to 2041",
    });
    expect(parseTypedDate("01/01/2042", years).ok).toBe(false);
  });

  it("reads back every date it writes", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1950-01-01"), max: new Date("2041-12-31"), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          expect(parseTypedDate(typedDate(iso), years)).toEqual({ ok: true, iso });
        },
      ),
    );
  });
});
