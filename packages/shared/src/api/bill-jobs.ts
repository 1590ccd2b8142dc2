/**
 * The "Bill jobs" screen (DECISIONS 'Consolidated invoices'): the company's completed jobs no live
 * invoice claims, by client, and the consolidated invoice made from a choice of them.
 */
import { z } from "zod";
import { dateInWindow } from "../schemas/fields";
import { ZDay, ZDecimal, ZId } from "./common";
import { dayParam, idFilterParam, ZPageParams } from "./paging";

/** At most this many jobs on one invoice: one request, one transaction, a PDF a client reads. */
export const CONSOLIDATED_JOBS_MAX = 50;

const ZPeriod = z.object({
  from: dayParam("from").describe("Jobs picked up on or after (YYYY-MM-DD)"),
  to: dayParam("to").describe("Jobs picked up on or before (YYYY-MM-DD)"),
});

/** The clients with uninvoiced completed jobs in a period. */
export const ZBillJobClientsParams = ZPageParams.extend(ZPeriod.shape).extend({
  clientId: idFilterParam("clientId").describe("One client (another company's client: none)"),
});
export type TBillJobClientsParams = z.output<typeof ZBillJobClientsParams>;

export const ZBillJobClient = z.object({
  clientId: ZId,
  clientName: z.string(),
  jobCount: z.number().int().describe("Its uninvoiced completed jobs in the period"),
  firstPickup: ZDay,
  lastPickup: ZDay,
});
export type TBillJobClient = z.output<typeof ZBillJobClient>;

/** One client's uninvoiced completed jobs in a period (oldest first: billed in the order they ran). */
export const ZBillJobsParams = ZPageParams.extend(ZPeriod.shape).extend({
  clientId: z
    .string({ error: "clientId is required" })
    .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, {
      message: "clientId must be an id",
    })
    .describe("The client whose jobs to list"),
});
export type TBillJobsParams = z.output<typeof ZBillJobsParams>;

export const ZBillJob = z.object({
  dispatchId: ZId,
  pickupDate: ZDay,
  jobNumber: z.string().nullable(),
  originAddress: z.string().nullable(),
  destinationAddress: z.string().nullable(),
  position: z.string().nullable(),
  pevoName: z.string().nullable(),
  amount: ZDecimal.describe(
    "What its suggested lines add up to (its rate confirmation's rates and trip logs)",
  ),
  hasRates: z.boolean().describe("False when its rate confirmation has no standard rates"),
});
export type TBillJob = z.output<typeof ZBillJob>;

/** Bill a choice of one client's completed jobs: one invoice (a consolidated one from two jobs). */
export const ZBillJobsInvoice = z.object({
  dispatchIds: z
    .array(z.uuid({ error: "Each job must be an id" }), { error: "Choose the jobs to bill" })
    .min(1, { message: "Choose the jobs to bill" })
    .max(CONSOLIDATED_JOBS_MAX, { message: `At most ${CONSOLIDATED_JOBS_MAX} jobs on one invoice` })
    .refine((ids) => new Set(ids).size === ids.length, { message: "A job is chosen twice" }),
  issueDate: dateInWindow("Issue date is required", "Issue date").optional(),
});
export type TBillJobsInvoice = z.output<typeof ZBillJobsInvoice>;
