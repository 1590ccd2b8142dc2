import { formatNumber } from "./format-number";
import { mileageChargeCents } from "./invoice-math";
import { NUMBER_LIMITS } from "./limits";
import { fromCents, groupedAmount } from "./money";
import type { TAdditionalRates } from "./schemas/additional-rates";

/**
 * How a rate kind is counted: the unit a rate confirmation states it in and a pay plan will pay it
 * in (DECISIONS 'Rate kinds').
 */
export const RATE_KIND_UNITS = {
  per_day: "per day",
  per_mile: "per mile",
  per_night: "per night",
  each: "each",
  per_hour_after_threshold: "per hour after the threshold",
  miles_per_day: "miles per day",
  at_cost: "at cost",
} as const;
export type RateKindUnit = keyof typeof RATE_KIND_UNITS;

/**
 * Every kind of rate a job is billed by, as an escort company bills it (CSA Pilot Car's rate sheet:
 * day rate or mileage with a daily mileage minimum, overnight, no-go, detention, deadhead, tolls at
 * cost, per diem, standby / wait time, high-pole surcharge). The one list the rate confirmation, the
 * suggested invoice lines and the PEVO pay plans share.
 */
export const RATE_KINDS = {
  day: { label: "Minimum daily rate", unit: "per_day" },
  mileage: { label: "Mileage rate", unit: "per_mile" },
  mileage_minimum: { label: "Mileage minimum", unit: "miles_per_day" },
  overnight: { label: "Overnight rate", unit: "per_night" },
  no_go: { label: "No-go rate", unit: "each" },
  detention: { label: "Detention rate", unit: "per_hour_after_threshold" },
  deadhead: { label: "Deadhead", unit: "per_mile" },
  tolls: { label: "Tolls", unit: "at_cost" },
  per_diem: { label: "Per diem", unit: "per_day" },
  standby: { label: "Standby / wait", unit: "per_hour_after_threshold" },
  high_pole: { label: "High-pole surcharge", unit: "per_day" },
} as const satisfies Record<string, { label: string; unit: RateKindUnit }>;
export type RateKind = keyof typeof RATE_KINDS;
export const RATE_KIND_KEYS = Object.keys(RATE_KINDS) as [RateKind, ...RateKind[]];

/** Hours of standby a threshold may name: a day at most. */
export const MAX_STANDBY_THRESHOLD = NUMBER_LIMITS.maxTripHours;

export const emptyAdditionalRates = (): TAdditionalRates => ({
  deadheadRate: null,
  deadheadMiles: null,
  perDiemRate: null,
  standbyRate: null,
  standbyThreshold: null,
  highPoleRate: null,
  mileageMinimum: null,
  tollsAtCost: false,
});

/** Whether any additional rate is set: a document without any keeps its serialization and hash. */
export function hasAdditionalRates(rates: TAdditionalRates): boolean {
  return Object.values(rates).some((v) => v !== null && v !== false);
}

const dollars = (amount: string) => `$${groupedAmount(amount)}`;
const miles = (quantity: string) => `${formatNumber(Number(quantity), 3)} mi`;
const hours = (n: number) => `${n} ${n === 1 ? "hour" : "hours"}`;

/**
 * The additional rates that are set, as label and wording: one text for the office's page, the
 * signing page and the PDF, so what the client signs reads the same everywhere.
 */
export function additionalRateRows(
  rates: TAdditionalRates,
): { kind: RateKind; label: string; value: string }[] {
  const rows: { kind: RateKind; label: string; value: string }[] = [];
  const add = (kind: RateKind, value: string) => rows.push({ kind, label: RATE_KINDS[kind].label, value });
  if (rates.mileageMinimum !== null) add("mileage_minimum", `${miles(rates.mileageMinimum)} per day`);
  if (rates.deadheadRate !== null && rates.deadheadMiles !== null) {
    const total = fromCents(mileageChargeCents(rates.deadheadMiles, rates.deadheadRate));
    add(
      "deadhead",
      `${miles(rates.deadheadMiles)} × ${dollars(rates.deadheadRate)} per mile = ${dollars(total)}`,
    );
  }
  if (rates.perDiemRate !== null) add("per_diem", `${dollars(rates.perDiemRate)} per day`);
  if (rates.standbyRate !== null) {
    const after = rates.standbyThreshold ? ` after ${hours(rates.standbyThreshold)}` : "";
    add("standby", `${dollars(rates.standbyRate)} per hour${after}`);
  }
  if (rates.highPoleRate !== null) add("high_pole", `${dollars(rates.highPoleRate)} per day (high pole car)`);
  if (rates.tollsAtCost) add("tolls", "Billed at cost, with receipts");
  return rows;
}

/** The additional rates of a stored row (the standard rates' columns; no row: none set). */
export function additionalRatesOf(row: Partial<TAdditionalRates> | null | undefined): TAdditionalRates {
  return {
    deadheadRate: row?.deadheadRate ?? null,
    deadheadMiles: row?.deadheadMiles ?? null,
    perDiemRate: row?.perDiemRate ?? null,
    standbyRate: row?.standbyRate ?? null,
    standbyThreshold: row?.standbyThreshold ?? null,
    highPoleRate: row?.highPoleRate ?? null,
    mileageMinimum: row?.mileageMinimum ?? null,
    tollsAtCost: row?.tollsAtCost ?? false,
  };
}
