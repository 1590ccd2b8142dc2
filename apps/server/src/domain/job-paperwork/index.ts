// A job's safety paperwork (DECISIONS 'Job paperwork'): the company's safety meeting checklist, the
// pre-trip safety meeting signed on the PEVO's phone, the stop and pole-height logs, and the job
// packet PDF that gathers them with the trip log and the steps.
export { DISPATCH_NOT_FOUND } from "./access";
export { getSafetyChecklist, saveSafetyChecklist } from "./checklist";
export { addJobLogEntry } from "./log-entry";
export { attachJobPacket, jobPacketPdf } from "./packet";
export { getJobPaperwork } from "./paperwork";
export { signSafetyMeeting } from "./sign-meeting";
