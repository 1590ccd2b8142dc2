// The activity log: recorded by every aggregate's commands inside their own transaction, read by
// the activity page and the two dashboards.
export { listActivity } from "./list";
export { pevoActivity, recentActivity } from "./recent";
export { type NewActivity, recordActivity } from "./record";
