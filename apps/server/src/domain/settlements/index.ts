// PEVO pay (DECISIONS 'PEVO pay'): pay plans (the company default and a PEVO's own, versioned by
// effective date), settlement runs over a pay period (draft → approved → paid; a job is paid in
// exactly one settlement), the statement PDF per PEVO (emailed when paid) and the PEVO's Earnings.

export { approveSettlement } from "./approve-settlement";
export { createSettlement } from "./create-settlement";
export { officeStatementPdf, pevoEarnings, pevoStatementPdf } from "./earnings";
export {
  ADJUSTMENT_NOT_FOUND,
  addAdjustment,
  deleteSettlement,
  holdJob,
  JOB_NOT_IN_SETTLEMENT,
  removeAdjustment,
} from "./edit-draft";
export {
  JOB_NOT_FOUND,
  JOBS_REPORT_CSV_HEADER,
  jobMargin,
  jobsReport,
  jobsReportCsvRows,
} from "./job-margins";
export { listSettlements } from "./list-settlements";
export { monthlyMargins } from "./monthly-margins";
export {
  type PaidCompensation,
  paidCompensationByPevo,
  paidCompensationQuery,
} from "./paid-compensation";
export { PEVO_NOT_FOUND, payPlansOf, savePayPlan } from "./pay-plans";
export { paySettlement } from "./pay-settlement";
export {
  getPevoSettlement,
  getSettlement,
  getSettlementPevo,
  getSettlementPevos,
  PEVO_NOT_IN_SETTLEMENT,
  SETTLEMENT_NOT_FOUND,
} from "./read-settlement";
export { isPaySettled, paySettledJobs } from "./settled-pay";
