// A job's safety paperwork (DECISIONS 'Job paperwork'): the PEVO's safety meeting and logs on the
// portal job page, the office's live view on the dispatch page, the checklist in Settings.
export { JobLogCard } from "./components/job-log-card";
export { OfficePaperworkCard } from "./components/office-paperwork-card";
export { SafetyChecklistCard } from "./components/safety-checklist-card";
export { SafetyMeetingCard } from "./components/safety-meeting-card";
