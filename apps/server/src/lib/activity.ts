// The callers in features/ not moved to domain/ yet import the activity log from here; it goes when
// the last of them moves (docs/ARCHITECTURE.md, Domain modules).
export { recordActivity } from "../domain/activity";
