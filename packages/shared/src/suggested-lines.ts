import { EXPENSE_TYPE_LABELS, EXPENSE_TYPES, type LineKind, RATE_UNITS, type RateUnit } from "./constants";
import { mileageChargeCents } from "./invoice-math";
import { TEXT_LIMITS } from "./limits";
import { fromCents, toCents } from "./money";
import type { TAdditionalRates } from "./schemas/additional-rates";
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
  /** The rate confirmation's additional rate kinds (RATE_KINDS); absent or null: none charged. */
  additionalRates?: TAdditionalRates | null;
  /** The dispatch fills a high pole car position: its days carry the high-pole surcharge. */
  highPole?: boolean;
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

type Day = {
  date: string;
  trips: SuggestionTrip[];
  milesCents: number;
  waitCents: number;
  standbyCents: number;
};

/** The trips grouped by day, in date order (a day's entries in the order they were logged). */
function daysOf(trips: SuggestionTrip[]): Day[] {
  const byDate = new Map<string, Day>();
  for (const trip of [...trips].sort((a, b) => a.tripDate.localeCompare(b.tripDate))) {
    const day = byDate.get(trip.tripDate) ?? {
      date: trip.tripDate,
      trips: [],
      milesCents: 0,
      waitCents: 0,
      standbyCents: 0,
    };
    day.trips.push(trip);
    day.milesCents += toCents(trip.miles);
    day.waitCents += toCents(trip.waitHours);
    day.standbyCents += toCents(trip.standbyHours);
    byDate.set(trip.tripDate, day);
  }
  return [...byDate.values()];
}

/** 'first start → last end' of a day's trips. */
const routeOf = (trips: SuggestionTrip[]) =>
  `${trips[0]?.startLocation ?? ""} → ${trips.at(-1)?.endLocation ?? ""}`;

/**
 * A worked day bills the larger of the minimum daily rate and its miles × the mileage rate (SPEC §9):
 * kind "day" when the minimum wins, "mileage" when the miles do. A mileage minimum per day (RATE_KINDS)
 * bills a shorter day's miles as the minimum; the line's mileage is then the miles billed, so its
 * charge stays mileage × rate.
 */
function dayLine(
  date: string,
  location: string,
  loggedCents: number,
  rates: SuggestionRates | null,
  minimumMiles: string | null,
) {
  const minimumCents = minimumMiles === null ? 0 : toCents(minimumMiles);
  const raised = rates !== null && loggedCents < minimumCents;
  const mileage = fromCents(raised ? minimumCents : loggedCents);
  const minimum = rates ? toCents(rates.minimumDailyRate) : 0;
  const byMiles = rates ? mileageChargeCents(mileage, rates.mileageRate) : 0;
  const kind: LineKind = byMiles > minimum ? "mileage" : "day";
  const charge = Math.max(minimum, byMiles);
  const how =
    rates && kind === "mileage"
      ? raised
        ? `${plain(fromCents(loggedCents))} mi logged, minimum ${plain(mileage)} mi × ${money(toCents(rates.mileageRate))}/mi`
        : `${plain(mileage)} mi × ${money(toCents(rates.mileageRate))}/mi`
      : "minimum daily rate";
  return {
    kind,
    date,
    location: bounded(`${location} (${how})`),
    mileage: kind === "mileage" ? mileage : fromCents(loggedCents),
    charge: fromCents(charge),
  };
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
 * - each day's standby hours beyond the standby threshold × the standby rate;
 * - each logged day's per diem; each worked day's high-pole surcharge when the dispatch is a high pole car;
 * - the deadhead miles agreed on the confirmation × the deadhead rate, once per job;
 * - each custom rate once per job, day, week (started), logged hour or logged mile, by its unit;
 * - each trip's reimbursable expenses (tolls among them) at cost, one line per expense type and trip.
 * Without any trip logged, the pickup day is one day line (the job as booked).
 * All amounts are exact cents; lines with a zero charge are left out, except days (they show the work).
 */
export function suggestInvoiceLines(input: SuggestionInput): SuggestedLine[] {
  const { rates } = input;
  const extra = rates ? (input.additionalRates ?? null) : null;
  const minimumMiles = extra?.mileageMinimum ?? null;
  const days = daysOf(input.trips);
  const lines: SuggestedLine[] = [];
  const firstDate = days[0]?.date ?? input.pickupDate;

  if (days.length === 0) {
    lines.push(dayLine(input.pickupDate, input.originAddress ?? "Pickup", 0, rates, minimumMiles));
  }
  for (const day of days) {
    const worked = day.trips.filter((t) => !t.noGo);
    if (worked.length > 0) {
      const milesCents = worked.reduce((sum, t) => sum + toCents(t.miles), 0);
      lines.push(dayLine(day.date, routeOf(worked), milesCents, rates, minimumMiles));
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
  if (extra) lines.push(...additionalLines(extra, days, firstDate, input.highPole === true));
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

/** The additional rate kinds' lines (RATE_KINDS): standby, per diem, high-pole surcharge, deadhead. */
function additionalLines(
  extra: TAdditionalRates,
  days: Day[],
  firstDate: string,
  highPole: boolean,
): SuggestedLine[] {
  const lines: SuggestedLine[] = [];
  const flat = (kind: LineKind, date: string, location: string, charge: string) =>
    lines.push({ kind, date, location: bounded(location), mileage: "0.00", charge });
  if (extra.standbyRate !== null) {
    const threshold = extra.standbyThreshold ?? 0;
    for (const day of days) {
      const billable = day.standbyCents - threshold * 100;
      if (billable <= 0) continue;
      const hours = fromCents(billable);
      const beyond = threshold > 0 ? `, ${plain(hours)} h beyond ${count(threshold, "hour", "hours")}` : "";
      const charge = times(hours, extra.standbyRate);
      if (charge === 0) continue;
      flat(
        "standby",
        day.date,
        `Standby: ${plain(fromCents(day.standbyCents))} h${beyond} × ${money(toCents(extra.standbyRate))}/h`,
        fromCents(charge),
      );
    }
  }
  if (extra.perDiemRate !== null && toCents(extra.perDiemRate) > 0) {
    const perDiem = extra.perDiemRate;
    for (const day of days) flat("per_diem", day.date, `Per diem (${money(toCents(perDiem))}/day)`, perDiem);
  }
  if (highPole && extra.highPoleRate !== null && toCents(extra.highPoleRate) > 0) {
    const surcharge = extra.highPoleRate;
    const worked = days.filter((d) => d.trips.some((t) => !t.noGo)).map((d) => d.date);
    // Nothing logged yet: the booked day, like the day line.
    for (const date of days.length === 0 ? [firstDate] : worked) {
      flat("high_pole", date, `High-pole surcharge (${money(toCents(surcharge))}/day)`, surcharge);
    }
  }
  if (extra.deadheadRate !== null && extra.deadheadMiles !== null) {
    const charge = mileageChargeCents(extra.deadheadMiles, extra.deadheadRate);
    if (charge > 0) {
      lines.push({
        kind: "deadhead",
        date: firstDate,
        location: bounded(
          `Deadhead: ${plain(extra.deadheadMiles)} mi × ${money(toCents(extra.deadheadRate))}/mi`,
        ),
        mileage: extra.deadheadMiles,
        charge: fromCents(charge),
      });
    }
  }
  return lines;
}
