import { z } from "zod";
import { type PositionType, US_STATES, type UsState } from "../constants";
import { LOAD_LIMITS, TEXT_LIMITS } from "../limits";
import { boundedText, requiredText } from "./fields";

/**
 * An optional whole number (a dimension in inches, a weight in pounds, a CB channel): "" and null
 * mean none; the form's text and the API's number both parse. `limitText` words the upper bound in
 * the unit people think in ("40 ft", "2,000,000 lb").
 */
const optionalWholeNumber = (label: string, min: number, max: number, limitText: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a whole number` })
    .nullish()
    .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
    .refine((v) => !v.startsWith("-"), { message: `${label} cannot be negative` })
    .refine((v) => v === "" || v.startsWith("-") || /^\d{1,9}$/.test(v), {
      message: `${label} must be a whole number`,
    })
    .refine((v) => !/^\d{1,9}$/.test(v) || (Number(v) >= min && Number(v) <= max), {
      message: min > 0 ? `${label} must be ${min} to ${limitText}` : `${label} must be at most ${limitText}`,
    })
    .transform((v) => (v === "" ? null : Number(v)));

/** A length in whole inches (the form enters feet and inches), at most `maxInches`. */
const inches = (label: string, maxInches: number) =>
  optionalWholeNumber(label, 0, maxInches, `${maxInches / 12} ft`);

const state = z.enum(US_STATES, { error: "Choose a state from the list" });

export const ZPermit = z.object({
  state,
  number: requiredText("Permit number is required", "Permit number", TEXT_LIMITS.code),
});

/**
 * A rate confirmation's load details. Every field is optional: a job is often booked
 * before the permits are out. Dimensions are whole inches, the weight whole pounds.
 */
export const ZLoadDetails = z.object({
  description: boundedText("Load description", TEXT_LIMITS.address),
  widthInches: inches("Width", LOAD_LIMITS.maxWidthInches),
  heightInches: inches("Height", LOAD_LIMITS.maxHeightInches),
  lengthInches: inches("Length", LOAD_LIMITS.maxLengthInches),
  weightPounds: optionalWholeNumber(
    "Weight",
    0,
    LOAD_LIMITS.maxWeightPounds,
    `${LOAD_LIMITS.maxWeightPounds.toLocaleString("en-US")} lb`,
  ),
  frontOverhangInches: inches("Front overhang", LOAD_LIMITS.maxOverhangInches),
  rearOverhangInches: inches("Rear overhang", LOAD_LIMITS.maxOverhangInches),
  truckNumber: boundedText("Truck number", TEXT_LIMITS.code),
  trailerNumber: boundedText("Trailer number", TEXT_LIMITS.code),
  cbChannel: optionalWholeNumber("CB channel", 1, LOAD_LIMITS.cbChannels, String(LOAD_LIMITS.cbChannels)),
  /** One permit number per state, in the order entered. */
  permits: z
    .array(ZPermit)
    .max(LOAD_LIMITS.maxRouteStates, { message: `At most ${LOAD_LIMITS.maxRouteStates} permits` })
    .default([])
    .superRefine((permits, ctx) => {
      const seen = new Set<string>();
      permits.forEach((p, i) => {
        if (seen.has(p.state))
          ctx.addIssue({ code: "custom", path: [i, "state"], message: "Only one permit number per state" });
        seen.add(p.state);
      });
    }),
  routeDescription: boundedText("Route description", TEXT_LIMITS.longText, "multi"),
  /**
   * The states the load crosses, in driving order. A state is listed once (a route that leaves and
   * re-enters a state needs the same certification and permit either way).
   */
  routeStates: z
    .array(state)
    .max(LOAD_LIMITS.maxRouteStates, { message: `At most ${LOAD_LIMITS.maxRouteStates} states` })
    .default([])
    .superRefine((states, ctx) => {
      if (new Set(states).size !== states.length)
        ctx.addIssue({ code: "custom", message: "Each state can be on the route only once" });
    }),
});
export type TLoadDetailsInput = z.input<typeof ZLoadDetails>;
export type TLoadDetails = z.output<typeof ZLoadDetails>;

/** No load details at all (a new object each time: callers may fill it in). */
export const emptyLoadDetails = (): TLoadDetails => ({
  description: null,
  widthInches: null,
  heightInches: null,
  lengthInches: null,
  weightPounds: null,
  frontOverhangInches: null,
  rearOverhangInches: null,
  truckNumber: null,
  trailerNumber: null,
  cbChannel: null,
  permits: [],
  routeDescription: null,
  routeStates: [],
});

/** Whether anything is filled in (an empty set is left out of the signed document, see signed-content.ts). */
export function hasLoadDetails(details: TLoadDetails): boolean {
  return Object.values(details).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null));
}

/** 150 → `12' 6"`, 144 → `12' 0"`; null → null. */
export function formatFeetInches(totalInches: number | null | undefined): string | null {
  if (totalInches === null || totalInches === undefined) return null;
  return `${Math.floor(totalInches / 12)}' ${totalInches % 12}"`;
}

/** 120000 → "120,000 lb"; null → null. */
export function formatPounds(pounds: number | null | undefined): string | null {
  return pounds === null || pounds === undefined ? null : `${pounds.toLocaleString("en-US")} lb`;
}

export const HEIGHT_POLE_WARNING =
  "A High Pole Car is on this job but the load height is not given: the pole cannot be set.";

/** The height pole is set from the load's height: a High Pole Car position needs it (a warning, not an error). */
export function heightPoleWithoutHeight(
  positions: readonly { positionType: PositionType }[],
  details: Pick<TLoadDetails, "heightInches"> | null | undefined,
): boolean {
  return (
    positions.some((p) => p.positionType === "high_pole_car") &&
    (details?.heightInches === null || details?.heightInches === undefined)
  );
}

/** "TX → OK → KS" for a route's states; null when none. */
export function formatRouteStates(states: readonly UsState[]): string | null {
  return states.length ? states.join(" → ") : null;
}

/**
 * The filled-in load details as label / text pairs, in reading order: one wording for the PDF, the
 * signing page, the office's pages and the PEVO's phone. Empty fields are left out.
 */
export function loadDetailRows(details: TLoadDetails): { label: string; value: string }[] {
  const rows: [string, string | null][] = [
    ["Load", details.description],
    ["Width", formatFeetInches(details.widthInches)],
    ["Height", formatFeetInches(details.heightInches)],
    ["Length", formatFeetInches(details.lengthInches)],
    ["Weight", formatPounds(details.weightPounds)],
    ["Front overhang", formatFeetInches(details.frontOverhangInches)],
    ["Rear overhang", formatFeetInches(details.rearOverhangInches)],
    ["Truck number", details.truckNumber],
    ["Trailer number", details.trailerNumber],
    ["CB channel", details.cbChannel === null ? null : String(details.cbChannel)],
    ["States on route", formatRouteStates(details.routeStates)],
    [
      "Permits",
      details.permits.length ? details.permits.map((p) => `${p.state} ${p.number}`).join(", ") : null,
    ],
    ["Route", details.routeDescription],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null).map(([label, value]) => ({ label, value }));
}
