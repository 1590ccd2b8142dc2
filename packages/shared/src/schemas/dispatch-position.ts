import { z } from "zod";
import { type DispatchStatus, POSITION_TYPE_KEYS, POSITION_TYPES, type PositionType } from "../constants";
import { TEXT_LIMITS } from "../limits";
import { plainText, tooLongMessage } from "./fields";

/**
 * The rate confirmation position a dispatch fills (DECISIONS 'One dispatch per position'): its type and,
 * for a custom position, its name. Both empty: a dispatch without a position.
 */
export const dispatchPositionFields = {
  positionType: z
    .union([z.literal(""), z.enum(POSITION_TYPE_KEYS, { error: "Choose a position type" })])
    .nullish()
    .transform((v) => (v ? v : null)),
  positionName: z
    .string()
    .trim()
    .max(TEXT_LIMITS.label, { message: tooLongMessage("Position name", TEXT_LIMITS.label) })
    .refine(...plainText("Position name"))
    .nullish()
    .transform((v) => (v ? v : null)),
};

/** The position's display name: the custom name, or the type's label ("Lead Car"). */
export function positionLabel(p: { positionType: PositionType | null; positionName?: string | null }) {
  if (!p.positionType) return null;
  return p.positionType === "custom"
    ? p.positionName || POSITION_TYPES.custom
    : POSITION_TYPES[p.positionType];
}

/** Set to true to save although the PEVO is already booked on the same dates (the 409's conflicts). */
export const allowConflictField = {
  allowConflict: z.boolean({ error: "allowConflict must be true or false" }).optional().default(false),
};

/**
 * An admin's override of the qualification check (DECISIONS 'Every assignment is checked'): the PEVO is assigned although they
 * lack a certificate, insurance or licence valid on the job's dates. The reason is recorded in Recent
 * Activity with who and when.
 */
export const qualificationOverrideField = {
  qualificationOverride: z
    .object(
      {
        reason: z
          .string({ error: "Enter the reason for assigning anyway" })
          .trim()
          .min(1, { message: "Enter the reason for assigning anyway" })
          .max(TEXT_LIMITS.overrideReason, {
            message: tooLongMessage("Reason", TEXT_LIMITS.overrideReason),
          })
          .refine(...plainText("Reason", "multi")),
      },
      { error: "qualificationOverride must be an object with a reason" },
    )
    .nullish()
    .transform((v) => v ?? null),
};

/** How many of a rate confirmation's positions have a non-canceled dispatch with a PEVO ("2 of 3 positions dispatched"). */
export type TCoverage = { covered: number; total: number };

export const coverageText = (c: TCoverage) =>
  `${c.covered} of ${c.total} position${c.total === 1 ? "" : "s"} dispatched`;

/** One job a PEVO is already booked on (a dispatch on the date, or a position on an overlapping rate confirmation). */
export type TBookingConflict = {
  kind: "dispatch" | "position";
  /** The dispatch's or the rate confirmation's id. */
  id: string;
  pevoId: string;
  pevoName: string;
  jobNumber: string | null;
  client: string | null;
  /** The pickup date, or the rate confirmation's start date. */
  date: string;
  /** The rate confirmation's end date (null: a single day). */
  endDate: string | null;
  /** The other dispatch's real status (a completed job is not "dispatched"); null for a position. */
  status: DispatchStatus | null;
};
