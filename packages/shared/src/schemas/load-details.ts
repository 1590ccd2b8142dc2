import { z } from "zod";
import { US_STATES } from "../constants";
import { formatNumber } from "../format-number";
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
    `${formatNumber(LOAD_LIMITS.maxWeightPounds, 3)} lb`,
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
