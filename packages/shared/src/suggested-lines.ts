import { EXPENSE_TYPE_LABELS, EXPENSE_TYPES, type LineKind, RATE_UNITS, type RateUnit } from "./constants";
import { mileageChargeCents } from "./invoice-math";
import { TEXT_LIMITS } from "./limits";
import { fromCents, toCents } from "./money";
import type { TTripLogData } from "./schemas/trip-log";

/** The rate confirmation's standard rates as stored (decimal strings; the threshold in whole hours). */
export type SuggestionRates = {
  minimumDailyRate: string;
  mileageRate: string;
  overnightRate: string;
  noGoRate: string;
  detentionRate: string;
  detentionThreshold: number;
};

/** One trip log entry of the dispatch, as stored (its dispatch and notes play no part). */
export type SuggestionTrip = Omit<TTripLogData, "dispatchId" | "notes">;

export type SuggestionInput = {
  /** The dispatch's pickup day and the job's origin: the day line when nothing was logged yet. */
  pickupDate: string;
  originAddress: string | null;
  /** Null when the dispatch has no rate confirmation: days are suggested at 0, expenses at cost. */
  rates: SuggestionRates | null;
  customRates: { name: string; amount: string; unit: RateUnit }[];
  trips: SuggestionTrip[];
};

/** A line the office may keep or drop; the same fields as an invoice line, charge in exact cents. */
export type SuggestedLine = {
  kind: LineKind;
  date: string;
  location: string;
  mileage: string;
  charge: string;
};

/** A line's text stays within the line item's bound (long trip routes are cut with an ellipsis). */
const bounded = (text: string) =>
  text.length <= TEXT_LIMITS.location ? text : `${text.slice(0, TEXT_LIMITS.location - 1)}…`;

const money = (cents: number) => `$${fromCents(cents)}`;

/** quantity (a decimal with up to two places) × rate in cents, rounded half up to the cent. */
const times = (quantity: string, rate: string) => mileageChargeCents(quantity, rate);

/** "1 night", "2 nights". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A decimal quantity without trailing zeros: "3.50" → "3.5", "2.00" → "2". */
const plain = (quantity: string) => String(Number(quantity));

type Day = { date: string; trips: SuggestionTrip[]; milesCents: number; waitCents: number };

/** The trips grouped by day, in date order (a day's entries in the order they were logged). */
function daysOf(trips: SuggestionTrip[]): Day[] {
  const byDate = new Map<string, Day>();
  for (const trip of [...trips].sort((a, b) => a.tripDate.localeCompare(b.tripDate))) {
    const day = byDate.get(trip.tripDate) ?? { date: trip.tripDate, trips: [], milesCents: 0, waitCents: 0 };
    day.trips.push(trip);
    day.milesCents += toCents(trip.miles);
    day.waitCents += toCents(trip.waitHours);
    byDate.set(trip.tripDate, day);
  }
  return [...byDate.values()];
}

/** 'first start → last end' of a day's trips. */
const routeOf = (trips: SuggestionTrip[]) =>
  `${trips[0]?.startLocation ?? ""} → ${trips.at(-1)?.endLocation ?? ""}`;

/**
 * A worked day bills the larger of the minimum daily rate and its miles × the mileage rate (SPEC §9):
 * kind "day" when the minimum wins, "mileage" when the miles do.
 */
function dayLine(date: string, location: string, milesCents: number, rates: SuggestionRates | null) {
  const mileage = fromCents(milesCents);
  const minimum = rates ? toCents(rates.minimumDailyRate) : 0;
  const byMiles = rates ? mileageChargeCents(mileage, rates.mileageRate) : 0;
  const kind: LineKind = byMiles > minimum ? "mileage" : "day";
  const charge = Math.max(minimum, byMiles);
  const how =
    rates && kind === "mileage"
      ? `${plain(mileage)} mi × ${money(toCents(rates.mileageRate))}/mi`
      : "minimum daily rate";
  return { kind, date, location: bounded(`${location} (${how})`), mileage, charge: fromCents(charge) };
}

/** How many times a custom rate applies to the job, and the words for it. */
function customQuantity(
  unit: RateUnit,
  job: { days: number; hoursCents: number; milesCents: number },
): { quantity: string; words: string } | null {
  switch (unit) {
    case "per_job":
      return { quantity: "1", words: "per job" };
    case "daily":
      return { quantity: String(job.days), words: count(job.days, "day", "days") };
    case "weekly": {
      const weeks = Math.ceil(job.days / 7);
      return { quantity: String(weeks), words: count(weeks, "week", "weeks") };
    }
    case "hourly":
      return job.hoursCents > 0
        ? { quantity: fromCents(job.hoursCents), words: `${plain(fromCents(job.hoursCents))} h` }
        : null;
    case "per_mile":
      return job.milesCents > 0
        ? { quantity: fromCents(job.milesCents), words: `${plain(fromCents(job.milesCents))} mi` }
        : null;
  }
}

/**
 * Every billable item of a dispatch, from its rate confirmation and trip log:
 * - each logged day: the day rate or its mileage (a day with only no-go entries bills the no-go instead);
 * - each no-go entry at the no-go rate; each day marked overnight at the overnight rate;
 * - each day's wait hours beyond the detention threshold × the detention rate;
 * - each custom rate once per job, day, week (started), logged hour or logged mile, by its unit;
 * - each trip's reimbursable expenses at cost, one line per expense type and trip.
 * Without any trip logged, the pickup day is one day line (the job as booked).
 * All amounts are exact cents; lines with a zero charge are left out, except days (they show the work).
 */
export function suggestInvoiceLines(input: SuggestionInput): SuggestedLine[] {
  const { rates } = input;
  const days = daysOf(input.trips);
  const lines: SuggestedLine[] = [];
  const firstDate = days[0]?.date ?? input.pickupDate;

  if (days.length === 0) {
    lines.push(dayLine(input.pickupDate, input.originAddress ?? "Pickup", 0, rates));
  }
  for (const day of days) {
    const worked = day.trips.filter((t) => !t.noGo);
    if (worked.length > 0) {
      const milesCents = worked.reduce((sum, t) => sum + toCents(t.miles), 0);
      lines.push(dayLine(day.date, routeOf(worked), milesCents, rates));
    }
  }
  for (const day of days) {
    for (const trip of day.trips.filter((t) => t.noGo)) {
      lines.push({
        kind: "no_go",
        date: day.date,
        location: bounded(`No-go: ${trip.startLocation} → ${trip.endLocation}`),
        mileage: "0.00",
        charge: rates?.noGoRate ?? "0.00",
      });
    }
  }
  for (const day of days.filter((d) => d.trips.some((t) => t.overnight))) {
    lines.push({
      kind: "overnight",
      date: day.date,
      location: bounded(`Overnight at ${day.trips.at(-1)?.endLocation ?? ""}`),
      mileage: "0.00",
      charge: rates?.overnightRate ?? "0.00",
    });
  }
  if (rates) {
    const thresholdCents = rates.detentionThreshold * 100;
    for (const day of days) {
      const billable = day.waitCents - thresholdCents;
      if (billable <= 0) continue;
      const hours = fromCents(billable);
      lines.push({
        kind: "detention",
        date: day.date,
        location: bounded(
          `Detention: ${plain(fromCents(day.waitCents))} h waited, ${plain(hours)} h beyond ${count(rates.detentionThreshold, "hour", "hours")} × ${money(toCents(rates.detentionRate))}/h`,
        ),
        mileage: "0.00",
        charge: fromCents(times(hours, rates.detentionRate)),
      });
    }
  }
  const job = {
    days: Math.max(days.length, 1),
    hoursCents: input.trips.reduce((sum, t) => sum + toCents(t.hours), 0),
    milesCents: input.trips.reduce((sum, t) => sum + toCents(t.miles), 0),
  };
  for (const rate of input.customRates) {
    const applied = customQuantity(rate.unit, job);
    if (!applied) continue;
    const charge = times(applied.quantity, rate.amount);
    if (charge === 0) continue;
    const each =
      rate.unit === "per_job"
        ? money(toCents(rate.amount))
        : `${applied.words} × ${money(toCents(rate.amount))}`;
    lines.push({
      kind: "custom",
      date: firstDate,
      location: bounded(
        `${rate.name} (${each}${rate.unit === "per_job" ? "" : ` ${RATE_UNITS[rate.unit].toLowerCase()}`})`,
      ),
      mileage: "0.00",
      charge: fromCents(charge),
    });
  }
  for (const day of days) {
    for (const trip of day.trips) {
      for (const type of EXPENSE_TYPES) {
        const cents = trip.expenses
          .filter((e) => e.type === type)
          .reduce((sum, e) => sum + toCents(e.amount), 0);
        if (cents === 0) continue;
        lines.push({
          kind: "expense",
          date: day.date,
          location: bounded(
            `${EXPENSE_TYPE_LABELS[type]} (at cost): ${trip.startLocation} → ${trip.endLocation}`,
          ),
          mileage: "0.00",
          charge: fromCents(cents),
        });
      }
    }
  }
  return lines;
}
