/**
 * Dates typed into a date picker's text field, US style (mm/dd/yyyy). The picker's value stays a
 * YYYY-MM-DD string (never an instant), so a typed date is checked against the calendar here.
 */

/** The years the calendar's year drop-down offers and a typed date may fall in. */
export function pickerYears(today = new Date()) {
  return { from: 1950, to: today.getFullYear() + 15 };
}

export type TypedDate = { ok: true; iso: string } | { ok: false; message: string };

const TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** '03/15/2028' (or 3/15/2028, 03-15-2028) → '2028-03-15'; anything else → the message to show. */
export function parseTypedDate(text: string, years = pickerYears()): TypedDate {
  const match = TYPED.exec(text.trim());
  if (!match) return { ok: false, message: "Enter the date as mm/dd/yyyy" };
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < years.from || year > years.to) {
    return { ok: false, message: `Enter a year from ${years.from} to ${years.to}` };
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return { ok: false, message: "That date does not exist" };
  }
  return { ok: true, iso: `${year}-${pad(month)}-${pad(day)}` };
}

/** '2028-03-15' → '03/15/2028', the text field's form of a picked date. */
export const typedDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const pad = (n: number) => String(n).padStart(2, "0");
