// The company's dispatches and the job's life on the road (DECISIONS 'Dispatches'): the office's
// list, page and saves (with the dispatch alert and the pickup reminders they queue), the PEVO's
// answers and steps from the portal or the emailed link, and the rules other aggregates ask:
// double booking, a rate confirmation's coverage, and its load details and permits as a job shows
// them (read here, where the dispatch page and the PEVO's job need them; rate confirmations call it).
export { acceptJob } from "./accept-job";
export { assertNoBookingConflicts, pevoBookings } from "./booking-conflicts";
export { dispatchCalendar } from "./calendar";
export {
  countUncoveredJobs,
  coveredPositions,
  rateConfirmationCoverageColumn,
} from "./coverage";
export { dashboardJobCounts, dashboardUpcomingJobs } from "./dashboard-jobs";
export { declineJob } from "./decline-job";
export { createDispatchBatch } from "./dispatch-batch";
export { DISPATCH_CSV_HEADER, dispatchCsvRows, listDispatches } from "./dispatch-list";
export { DISPATCH_NOT_FOUND, getDispatch } from "./dispatch-page";
export { getDispatchTimeline } from "./dispatch-timeline";
export { createDispatch, deleteDispatch, updateDispatch } from "./dispatches";
export { hasDispatches } from "./has-dispatches";
export { JOB_NOT_FOUND } from "./lifecycle";
export { loadDetailsOf, permitsOf } from "./load-details";
export {
  getPortalDispatch,
  listPortalDispatches,
  PORTAL_DISPATCH_NOT_FOUND,
  pevoJobCounts,
  pevoUpcomingJobs,
} from "./pevo-jobs";
export { pickupReminderHandlers, reminderInstant } from "./pickup-reminders";
export { getPortalLifecycle } from "./portal-lifecycle";
export { recordStep } from "./record-step";
export {
  acceptByToken,
  declineByToken,
  openResponsePage,
  RESPONSE_LINK_MESSAGES,
} from "./response-link";
