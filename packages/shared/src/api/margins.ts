/**
 * Margin (DECISIONS 'Margin'): what a completed job invoiced minus what its PEVO is paid for it, on
 * the dispatch page, in the jobs report (paged, CSV) and per month on the dashboard's chart.
 */
import { z } from "zod";
import { ZDay, ZDecimal, ZId } from "./common";
import { dayParam, idFilterParam, SORT_DIRECTIONS, ZPageParams } from "./paging";
import { SETTLEMENT_STATUSES } from "./pay";

/** The jobs report's filters (the list and the CSV): client, PEVO and a period of pickup dates. */
export const ZJobsReportFilters = z.object({
  clientId: idFilterParam("clientId").describe("Jobs for one client"),
  pevoId: idFilterParam("pevoId").describe("Jobs of one PEVO"),
  from: dayParam("from").describe("Jobs picked up on or after (YYYY-MM-DD)"),
  to: dayParam("to").describe("Jobs picked up on or before (YYYY-MM-DD)"),
  dir: z
    .enum(SORT_DIRECTIONS, { message: "dir must be asc or desc" })
    .optional()
    .default("desc")
    .describe("By pickup date: latest first (desc, the default) or oldest first"),
});
export type TJobsReportFilters = z.output<typeof ZJobsReportFilters>;

export const ZJobsReportQuery = ZPageParams.extend(ZJobsReportFilters.shape);
export type TJobsReportQuery = z.output<typeof ZJobsReportQuery>;

/** Where a job's PEVO pay comes from. */
export const PAY_SOURCES = ["settlement", "estimated", "none"] as const;
export type PaySource = (typeof PAY_SOURCES)[number];

export const ZJobMargin = z.object({
  dispatchId: ZId,
  jobNumber: z.string().nullable(),
  clientId: ZId.nullable(),
  clientName: z.string().nullable(),
  pevoId: ZId.nullable(),
  pevoName: z.string().nullable(),
  jobDate: ZDay.describe("The pickup date (the job's day)"),
  invoiced: ZDecimal.nullable().describe(
    "The job's lines on its sent invoices (before tax); null when not invoiced yet",
  ),
  pevoPay: ZDecimal.nullable().describe(
    "Pay + reimbursed expenses: the approved settlement's figure, else the plan's estimate; null without a PEVO or a plan",
  ),
  paySource: z
    .enum(PAY_SOURCES)
    .describe("settlement: an approved or paid settlement's stored figure; estimated: the pay plan's today"),
  settlementStatus: z.enum(SETTLEMENT_STATUSES).nullable(),
  margin: ZDecimal.nullable().describe("invoiced − pevoPay; null when either is unknown"),
  marginPercent: z.string().nullable().describe('margin / invoiced, one decimal ("27.5")'),
});
export type TJobMargin = z.infer<typeof ZJobMargin>;

/** The dashboard's chart: the last 12 months in the company's time zone, oldest first. */
export const ZMonthlyMargin = z.object({
  month: z.string().describe("YYYY-MM"),
  invoiced: ZDecimal.describe("The month's completed jobs' invoiced lines (by the job's day)"),
  collected: ZDecimal.describe("Payments received in the month (cash, not credit)"),
  pevoPay: ZDecimal.describe("The month's completed jobs' PEVO pay (settled or estimated)"),
  margin: ZDecimal.describe("invoiced − pevoPay of the month's invoiced jobs"),
});
export type TMonthlyMargin = z.infer<typeof ZMonthlyMargin>;

export const ZMonthlyMargins = z.object({
  timeZone: z.string(),
  months: z.array(ZMonthlyMargin),
});
export type TMonthlyMargins = z.infer<typeof ZMonthlyMargins>;
