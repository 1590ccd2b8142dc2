/**
 * A job's life on the road (DECISIONS 'Dispatches', Job lifecycle): the assigned PEVO accepts or declines it, then moves it
 * forward one step at a time from the phone. Every answer and step is one row of `dispatch_events`.
 */
import { z } from "zod";
import { TEXT_LIMITS } from "../limits";
import { plainText, tooLongMessage } from "../schemas/fields";
import { ZDay, ZId, ZTimestamp } from "./common";

/** The steps of an accepted job, in their only order. */
export const DISPATCH_STEPS = ["on_my_way", "arrived_pickup", "escort_started", "completed"] as const;
export type DispatchStep = (typeof DISPATCH_STEPS)[number];

/**
 * What a timeline row can be: the office assigned the PEVO; the PEVO accepted or declined; a step;
 * a problem reported on the road (a note, any time while the job runs; it does not move the job);
 * the office reopened a completed or canceled job (its status set back to pending or dispatched:
 * the completion is taken back, the job continues from the step before it).
 */
export const DISPATCH_EVENT_KINDS = [
  "assigned",
  "accepted",
  "declined",
  ...DISPATCH_STEPS,
  "problem",
  "reopened",
] as const;
export type DispatchEventKind = (typeof DISPATCH_EVENT_KINDS)[number];

/** The PEVO's button for each step, and the timeline's words. */
export const DISPATCH_STEP_LABELS: Record<DispatchStep, string> = {
  on_my_way: "On my way",
  arrived_pickup: "Arrived at pickup",
  escort_started: "Escort started",
  completed: "Completed",
};
export const DISPATCH_EVENT_LABELS: Record<DispatchEventKind, string> = {
  assigned: "Assigned",
  accepted: "Accepted",
  declined: "Declined",
  ...DISPATCH_STEP_LABELS,
  problem: "Problem reported",
  reopened: "Reopened",
};

/**
 * Where the current assignment stands: `awaiting` (the PEVO has not answered yet), `accepted`, one
 * of the steps (the last one done), or `none` (nobody is assigned).
 */
export type DispatchStage = "none" | "awaiting" | "accepted" | DispatchStep;

const reason = z
  .string({ error: "Tell the office why you decline" })
  .trim()
  .min(1, { message: "Tell the office why you decline" })
  .max(TEXT_LIMITS.reason, { message: tooLongMessage("Reason", TEXT_LIMITS.reason) })
  .refine(...plainText("Reason", "multi"));

/** The PEVO declines a job, with a reason (the office reads it). */
export const ZDeclineDispatch = z.object({ reason });
export type TDeclineDispatch = z.output<typeof ZDeclineDispatch>;

const coordinate = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .min(-max, { message: `${name} must be between -${max} and ${max}` })
    .max(max, { message: `${name} must be between -${max} and ${max}` });

/**
 * One step, or a problem report (a note is then required). Coordinates only when the PEVO's
 * Location Services setting is on and the browser gave them; both or neither.
 */
export const ZDispatchStep = z
  .object({
    kind: z.enum([...DISPATCH_STEPS, "problem"], { error: "Choose a step" }),
    note: z
      .string()
      .trim()
      .max(TEXT_LIMITS.longText, { message: tooLongMessage("Note", TEXT_LIMITS.longText) })
      .refine(...plainText("Note", "multi"))
      .nullish()
      .transform((v) => v || null),
    lat: coordinate("Latitude", 90).nullish(),
    lng: coordinate("Longitude", 180).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "problem" && !v.note) {
      ctx.addIssue({ code: "custom", path: ["note"], message: "Describe the problem" });
    }
    if ((v.lat == null) !== (v.lng == null)) {
      ctx.addIssue({ code: "custom", path: ["lat"], message: "Send both coordinates or neither" });
    }
  });
export type TDispatchStep = z.input<typeof ZDispatchStep>;

/** One timeline row. */
export const ZDispatchEvent = z.object({
  id: ZId,
  kind: z.enum(DISPATCH_EVENT_KINDS),
  at: ZTimestamp,
  byName: z.string().nullable().describe("Who did it (a PEVO's or an admin's name)"),
  pevoName: z.string().nullable().describe("The PEVO the event is about"),
  note: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type TDispatchEvent = z.infer<typeof ZDispatchEvent>;

const stages = ["none", "awaiting", "accepted", ...DISPATCH_STEPS] as const;

/** A dispatch's lifecycle: the stage, what the PEVO may do next, and the timeline (oldest first). */
export const ZDispatchLifecycle = z.object({
  dispatchId: ZId,
  stage: z.enum(stages),
  /** The step the PEVO's big button records next (null when none: not accepted, completed, canceled). */
  nextStep: z.enum(DISPATCH_STEPS).nullable(),
  canDecline: z.boolean(),
  canceled: z.boolean(),
  events: z.array(ZDispatchEvent),
  timeZone: z.string().describe("The company's IANA time zone: the timeline shows its times in it"),
});
export type TDispatchLifecycle = z.infer<typeof ZDispatchLifecycle>;

/** The portal's lifecycle of my job, with what the trip log form is prefilled with on completion. */
export const ZPortalDispatchLifecycle = ZDispatchLifecycle.extend({
  /** The job's pickup date: "On my way" before that day (in the company's zone) asks first. */
  pickupDate: ZDay,
  /** The PEVO's Location Services setting: the page asks the browser for coordinates only when on. */
  locationServices: z.boolean(),
  tripPrefill: z.object({
    tripDate: ZDay,
    startLocation: z.string().nullable(),
    endLocation: z.string().nullable(),
  }),
  /** The job already has a trip log entry of mine (completion then does not ask for one again). */
  hasTripLog: z.boolean(),
});
export type TPortalDispatchLifecycle = z.infer<typeof ZPortalDispatchLifecycle>;

/** What the emailed Accept / Decline link shows (no session: the job, never the company's data). */
export const ZDispatchResponsePage = z.object({
  state: z.enum(["awaiting", "accepted"]),
  pevoName: z.string(),
  companyName: z.string(),
  jobNumber: z.string().nullable(),
  pickupDate: ZDay,
  pickupTime: z.string(),
  originAddress: z.string().nullable(),
  destinationAddress: z.string().nullable(),
});
export type TDispatchResponsePage = z.infer<typeof ZDispatchResponsePage>;
