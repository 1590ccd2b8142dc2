/**
 * GET /api/pevos/qualification (DECISIONS 'Every assignment is checked'): the qualification check of a few PEVOs (the picker's
 * page, or one PEVO) for a job, shown next to the PEVO picker. The job is a saved rate confirmation
 * (a dispatch's), or the route and dates being edited on a rate confirmation form.
 */
import { z } from "zod";
import { US_STATES } from "../constants";
import { isoDate } from "../schemas/fields";
import { ZDay, ZId } from "./common";
import { ZBookingConflict } from "./coverage";
import { listParam } from "./paging";

/** At most this many PEVOs per question (a picker page is 20). */
export const QUALIFICATION_MAX_PEVOS = 50;

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const idsMessage = `pevoIds must be 1 to ${QUALIFICATION_MAX_PEVOS} ids, comma-separated`;

export const ZQualificationQuery = z
  .object({
    pevoIds: z
      .string({ error: idsMessage })
      .max(QUALIFICATION_MAX_PEVOS * 37, { message: idsMessage })
      .transform((v) => [...new Set(v.split(",").filter(Boolean))])
      .pipe(
        z
          .array(z.string().regex(UUID, { message: idsMessage }))
          .min(1, { message: idsMessage })
          .max(QUALIFICATION_MAX_PEVOS, { message: idsMessage }),
      )
      .describe(`The PEVOs to check, comma-separated (at most ${QUALIFICATION_MAX_PEVOS})`),
    rateConfirmationId: z
      .string()
      .regex(UUID, { message: "rateConfirmationId must be an id" })
      .optional()
      .describe("A saved job: its route states and dates"),
    routeStates: listParam("routeStates", US_STATES).describe(
      "Without rateConfirmationId: the route's states, comma-separated",
    ),
    from: isoDate("from must be a date (YYYY-MM-DD)")
      .optional()
      .describe("The first day (without rateConfirmationId: required); with one, widens its dates"),
    to: isoDate("to must be a date (YYYY-MM-DD)").optional().describe("The last day (default: from)"),
    pickupDate: isoDate("pickupDate must be a date (YYYY-MM-DD)")
      .optional()
      .describe(
        "A dispatch's pickup date: another dispatch that day makes the PEVO busy, even on the same job",
      ),
    dispatchId: z
      .string()
      .regex(UUID, { message: "dispatchId must be an id" })
      .optional()
      .describe("The dispatch being edited: its own booking does not make its PEVO busy"),
    editedRateConfirmationId: z
      .string()
      .regex(UUID, { message: "editedRateConfirmationId must be an id" })
      .optional()
      .describe(
        "Without rateConfirmationId: the rate confirmation whose form is being edited; its own positions and dispatches do not make a PEVO busy",
      ),
  })
  .superRefine((q, ctx) => {
    if (!q.rateConfirmationId && !q.from) {
      ctx.addIssue({
        code: "custom",
        path: ["from"],
        message: "from is required without rateConfirmationId",
      });
    }
    if (q.from && q.to && q.to < q.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "to cannot be before from" });
    }
  });
export type TQualificationQuery = z.output<typeof ZQualificationQuery>;

const ZStatus = z.enum(["valid", "missing", "expired"]);

export const ZPevoQualification = z.object({
  pevoId: ZId,
  pevoName: z.string(),
  qualified: z.boolean(),
  states: z.array(
    z.object({
      state: z.string(),
      requiresCertification: z.boolean(),
      status: ZStatus,
      certificate: z.object({ state: z.string(), expiresOn: ZDay.nullable() }).nullable(),
      reason: z.string(),
    }),
  ),
  insurance: z.array(
    z.object({ type: z.string(), status: ZStatus, expiresOn: ZDay.nullable(), reason: z.string() }),
  ),
  licence: z.object({ status: ZStatus, expiresOn: ZDay.nullable(), reason: z.string() }),
});
export type TPevoQualification = z.output<typeof ZPevoQualification>;

/** A PEVO's check with the jobs they are already booked on at the job's time (the picker's "Busy"). */
export const ZPevoMarks = ZPevoQualification.extend({
  busy: z
    .array(ZBookingConflict)
    .describe("The jobs the PEVO is already booked on at the job's time: the save's double-booking check"),
});
export type TPevoMarks = z.output<typeof ZPevoMarks>;

export const ZQualificationResponse = z.object({
  routeStates: z.array(z.string()),
  from: ZDay,
  to: ZDay,
  results: z.array(ZPevoMarks).describe("In the order asked; another company's PEVO is left out"),
});
export type TQualificationResponse = z.output<typeof ZQualificationResponse>;

/** The 400 of a refused assignment carries, besides the field errors, who falls short and why. */
export type TNotQualified = { pevoId: string; pevoName: string; reasons: string[] };
