import { type Executor, jobLogEntries, pevos, safetyMeetings } from "@pevo/db";
import type { TJobLogEntryResponse, TJobPaperwork, TSafetyMeetingResponse } from "@pevo/shared";
import { and, asc, eq, type SQL } from "drizzle-orm";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";
import { companyTimeZone } from "../company";
import { type PaperworkViewer, visibleDispatch } from "./access";
import { checklistOf } from "./checklist";

const meetingColumns = {
  id: safetyMeetings.id,
  items: safetyMeetings.items,
  pevoName: safetyMeetings.pevoName,
  pevoSignature: safetyMeetings.pevoSignature,
  driverName: safetyMeetings.driverName,
  driverSignature: safetyMeetings.driverSignature,
  signedAt: safetyMeetings.signedAt,
  lat: safetyMeetings.lat,
  lng: safetyMeetings.lng,
  accuracy: safetyMeetings.accuracy,
  dispatchId: safetyMeetings.dispatchId,
  pevoId: safetyMeetings.pevoId,
};

type MeetingRow = { signedAt: Date; dispatchId: string; pevoId: string | null } & Omit<
  TSafetyMeetingResponse,
  "signedAt"
>;

export const meetingOut = ({
  signedAt,
  dispatchId: _d,
  pevoId: _p,
  ...m
}: MeetingRow): TSafetyMeetingResponse => ({
  ...m,
  signedAt: signedAt.toISOString(),
});

/** The meetings of a dispatch (`where` narrows: by id, by PEVO), oldest first. */
export const selectMeetings = (db: Executor, scope: { companyId: CompanyId }, where: SQL | undefined) =>
  db
    .select(meetingColumns)
    .from(safetyMeetings)
    .where(scoped(safetyMeetings, scope, where))
    .orderBy(asc(safetyMeetings.signedAt));

const entryColumns = {
  id: jobLogEntries.id,
  kind: jobLogEntries.kind,
  at: jobLogEntries.at,
  reason: jobLogEntries.reason,
  heightInches: jobLogEntries.heightInches,
  place: jobLogEntries.place,
  lat: jobLogEntries.lat,
  lng: jobLogEntries.lng,
  accuracy: jobLogEntries.accuracy,
  dispatchId: jobLogEntries.dispatchId,
  pevoFirst: pevos.firstName,
  pevoLast: pevos.lastName,
};

export const selectEntries = (db: Executor, scope: { companyId: CompanyId }, where: SQL | undefined) =>
  db
    .select(entryColumns)
    .from(jobLogEntries)
    .leftJoin(pevos, and(eq(pevos.companyId, jobLogEntries.companyId), eq(pevos.id, jobLogEntries.pevoId)))
    .where(scoped(jobLogEntries, scope, where))
    .orderBy(asc(jobLogEntries.at), asc(jobLogEntries.createdAt));

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];
export const entryOut = ({
  at,
  pevoFirst,
  pevoLast,
  dispatchId: _d,
  ...e
}: EntryRow): TJobLogEntryResponse => ({
  ...e,
  at: at.toISOString(),
  pevoName: pevoFirst ? `${pevoFirst} ${pevoLast}` : null,
});

/**
 * A job's paperwork as the viewer sees it: the office every meeting's latest (a reassigned job may
 * have one per PEVO; the current one's first), the PEVO theirs; every log entry, oldest first.
 */
export async function getJobPaperwork(
  scope: Scope,
  dispatchId: string,
  viewer: PaperworkViewer,
): Promise<TJobPaperwork> {
  const d = await visibleDispatch(scope.db, scope, dispatchId, viewer);
  const [meetings, entries, checklist, timeZone] = await Promise.all([
    selectMeetings(scope.db, scope, eq(safetyMeetings.dispatchId, dispatchId)),
    selectEntries(scope.db, scope, eq(jobLogEntries.dispatchId, dispatchId)),
    checklistOf(scope.db, scope),
    companyTimeZone(scope.db, scope),
  ]);
  const own = meetings.find((m) => m.pevoId === d.pevoId);
  const meeting = viewer.role === "pevo" ? own : (own ?? meetings.at(-1));
  return {
    dispatchId,
    checklist: meeting ? meeting.items : checklist.items,
    meeting: meeting ? meetingOut(meeting) : null,
    entries: entries.map(entryOut),
    timeZone,
  };
}
