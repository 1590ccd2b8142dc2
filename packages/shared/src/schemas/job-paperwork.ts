/**
 * The safety paperwork of a job on the road (DECISIONS 'Job paperwork'): the pre-trip safety meeting
 * (the company's checklist, signed on the phone by the PEVO and the truck driver), the stop log and
 * the pole-height log. Every write carries an id made by the phone: the server treats it as an
 * idempotency key (a repeat returns the record already kept, never a second one), so a write queued
 * offline can be sent again safely.
 */
import { z } from "zod";
import { ZId, ZTimestamp } from "../api/common";
import { TEXT_LIMITS } from "../limits";
import { boundedText, requiredText, tooLongMessage } from "./fields";

export const SAFETY_LIMITS = {
  /** Items on a company's checklist. */
  maxItems: 30,
  /** One checklist item's wording. */
  item: 200,
  /** A pole set above 20 ft is a typing slip (the tallest US loads are about 18 ft). */
  maxPoleHeightInches: 20 * 12,
  /** A pole below 10 ft measures nothing a load could hit. */
  minPoleHeightInches: 10 * 12,
  /** A GPS fix's accuracy radius above 10 km says nothing of the place. */
  maxAccuracyMeters: 10_000,
  /** A log entry may be written up to this long after it happened (a day on the road typed in the evening, a queue sent late). */
  maxPastDays: 30,
  /** And this far ahead of the server's clock (a phone's clock that runs a little fast). */
  maxFutureMinutes: 10,
} as const;

/** The FHWA pre-trip checklist and PPCA's safety meeting, as a company starts with them (Settings → Safety meeting). */
export const DEFAULT_SAFETY_ITEMS = [
  "Permit and route sheet checked and matching",
  "Route hazards and low clearances reviewed",
  "Radio channel agreed",
  "Positions and spacing agreed",
  "Emergency plan reviewed",
  "Signs checked",
  "Lights checked",
  "Flags checked",
  "Height pole set to its measured height",
  "Fire extinguisher checked",
  "First aid kit checked",
] as const;

const item = requiredText("Enter the item", "Item", SAFETY_LIMITS.item);

/** The company's checklist (Settings → Safety meeting). */
export const ZSafetyChecklist = z.object({
  items: z
    .array(item, { error: "Enter the checklist items" })
    .min(1, { message: "Keep at least one item on the checklist" })
    .max(SAFETY_LIMITS.maxItems, { message: `At most ${SAFETY_LIMITS.maxItems} items` })
    .refine((items) => new Set(items.map((i) => i.toLowerCase())).size === items.length, {
      message: "Each item once",
    }),
});
export type TSafetyChecklist = z.output<typeof ZSafetyChecklist>;
export const ZSafetyChecklistResponse = z.object({ items: z.array(z.string()), custom: z.boolean() });
export type TSafetyChecklistResponse = z.output<typeof ZSafetyChecklistResponse>;

const coordinate = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .min(-max, { message: `${name} must be between -${max} and ${max}` })
    .max(max, { message: `${name} must be between -${max} and ${max}` });

/** Where the phone was, when Location Services allowed it: both coordinates and the fix's accuracy, or nothing. */
const place = {
  lat: coordinate("Latitude", 90).nullish(),
  lng: coordinate("Longitude", 180).nullish(),
  accuracy: z
    .number({ error: "Accuracy must be a number" })
    .min(0, { message: "Accuracy must be at least 0" })
    .max(SAFETY_LIMITS.maxAccuracyMeters, {
      message: `Accuracy must be at most ${SAFETY_LIMITS.maxAccuracyMeters} m`,
    })
    .nullish(),
};

function bothOrNeither(v: { lat?: number | null; lng?: number | null }, ctx: z.RefinementCtx) {
  if ((v.lat == null) !== (v.lng == null)) {
    ctx.addIssue({ code: "custom", path: ["lat"], message: "Send both coordinates or neither" });
  }
}

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
const drawn = (who: string) =>
  z
    .string({ error: `${who}: draw the signature` })
    .min(1, { message: `${who}: draw the signature` })
    .max(TEXT_LIMITS.drawnSignature, {
      message: `${who}: the signature is too large — clear it and draw again`,
    })
    .regex(PNG_DATA_URL, { message: `${who}: the signature is not a PNG image` });

const clientId = z.uuid({ message: "The id must be a UUID made on the phone" });

/** The PEVO and the driver sign the meeting on the PEVO's phone. Every item must be checked. */
export const ZSafetyMeeting = z
  .object({
    id: clientId,
    checked: z
      .array(z.string().max(SAFETY_LIMITS.item, { message: tooLongMessage("Item", SAFETY_LIMITS.item) }), {
        error: "Check the items",
      })
      .max(SAFETY_LIMITS.maxItems, { message: `At most ${SAFETY_LIMITS.maxItems} items` }),
    pevoName: requiredText("Type your full name to sign", "Your name", TEXT_LIMITS.name, 2),
    pevoSignature: drawn("PEVO"),
    driverName: requiredText("Type the driver's full name", "Driver's name", TEXT_LIMITS.name, 2),
    driverSignature: drawn("Driver"),
    ...place,
  })
  .superRefine(bothOrNeither);
export type TSafetyMeeting = z.input<typeof ZSafetyMeeting>;

export const JOB_LOG_KINDS = ["stop", "pole_height", "strike", "near_miss"] as const;
export type JobLogKind = (typeof JOB_LOG_KINDS)[number];
export const JOB_LOG_KIND_LABELS: Record<JobLogKind, string> = {
  stop: "Stop",
  pole_height: "Pole height set",
  strike: "Clearance strike",
  near_miss: "Near-miss",
};

const inches = z
  .number({ error: "Enter the height" })
  .int({ message: "Height in whole inches" })
  .min(SAFETY_LIMITS.minPoleHeightInches, { message: "The pole height must be at least 10 ft" })
  .max(SAFETY_LIMITS.maxPoleHeightInches, { message: "The pole height must be at most 20 ft" });

/**
 * One entry of the stop log (a stop: its reason) or of the pole-height log (the pole's measured
 * height; a strike or near-miss: what was hit or nearly). `at` is when it happened, on the phone's clock.
 */
export const ZJobLogEntry = z
  .object({
    id: clientId,
    kind: z.enum(JOB_LOG_KINDS, { error: "Choose what to log" }),
    at: z.iso.datetime({ offset: true, message: "Enter when it happened" }),
    reason: boundedText("Reason", TEXT_LIMITS.reason, "multi"),
    heightInches: inches.nullish(),
    place: boundedText("Place", TEXT_LIMITS.location),
    ...place,
  })
  .superRefine((v, ctx) => {
    bothOrNeither(v, ctx);
    if (v.kind !== "pole_height" && !v.reason) {
      const message = v.kind === "stop" ? "Enter the reason for the stop" : "Describe what happened";
      ctx.addIssue({ code: "custom", path: ["reason"], message });
    }
    if (v.kind === "pole_height" && v.heightInches == null) {
      ctx.addIssue({ code: "custom", path: ["heightInches"], message: "Enter the measured height" });
    }
    const at = Date.parse(v.at);
    const now = Date.now();
    if (at > now + SAFETY_LIMITS.maxFutureMinutes * 60_000) {
      ctx.addIssue({ code: "custom", path: ["at"], message: "The time is in the future" });
    } else if (at < now - SAFETY_LIMITS.maxPastDays * 86_400_000) {
      ctx.addIssue({
        code: "custom",
        path: ["at"],
        message: `The time must be within the last ${SAFETY_LIMITS.maxPastDays} days`,
      });
    }
  });
export type TJobLogEntry = z.input<typeof ZJobLogEntry>;

const ZPlaceOut = z.object({
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuracy: z.number().nullable(),
});

export const ZSafetyMeetingResponse = ZPlaceOut.extend({
  id: ZId,
  items: z.array(z.string()).describe("The checklist as it was signed, every item checked"),
  pevoName: z.string(),
  pevoSignature: z.string().describe("PNG data URL"),
  driverName: z.string(),
  driverSignature: z.string().describe("PNG data URL"),
  signedAt: ZTimestamp,
});
export type TSafetyMeetingResponse = z.output<typeof ZSafetyMeetingResponse>;

export const ZJobLogEntryResponse = ZPlaceOut.extend({
  id: ZId,
  kind: z.enum(JOB_LOG_KINDS),
  at: ZTimestamp,
  reason: z.string().nullable(),
  heightInches: z.number().int().nullable(),
  place: z.string().nullable(),
  pevoName: z.string().nullable(),
});
export type TJobLogEntryResponse = z.output<typeof ZJobLogEntryResponse>;

/** A job's paperwork: the checklist to sign (the company's, or the one signed), the meeting, the logs. */
export const ZJobPaperwork = z.object({
  dispatchId: ZId,
  checklist: z.array(z.string()),
  meeting: ZSafetyMeetingResponse.nullable(),
  entries: z.array(ZJobLogEntryResponse).describe("Oldest first"),
  timeZone: z.string(),
});
export type TJobPaperwork = z.output<typeof ZJobPaperwork>;
