import { formatFeetInches, JOB_LOG_KIND_LABELS, type TJobLogEntryResponse } from "@pevo/shared";
import { formatZonedTime } from "@/lib/format";
import { placeText } from "./signed-meeting";

function EntryList({
  entries,
  timeZone,
  empty,
  label,
}: {
  entries: TJobLogEntryResponse[];
  timeZone: string;
  empty: string;
  label: string;
}) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2" aria-label={label}>
      {entries.map((e) => {
        const where = [e.place, placeText(e)].filter(Boolean).join(" · ");
        return (
          <li key={e.id} className="rounded-md border p-3 text-sm [overflow-wrap:anywhere]">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium">
                {e.kind === "stop" ? "Stop" : JOB_LOG_KIND_LABELS[e.kind]}
                {e.heightInches != null ? ` — ${formatFeetInches(e.heightInches)}` : ""}
              </span>
              <time dateTime={e.at} className="text-xs text-muted-foreground">
                {formatZonedTime(e.at, timeZone)}
              </time>
            </div>
            {e.reason ? <p className="mt-1 whitespace-pre-line">{e.reason}</p> : null}
            {where ? <p className="mt-1 text-xs text-muted-foreground">{where}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The stop log and the pole-height log of a job, each oldest first (portal and office alike). */
export function LogEntryLists({ entries, timeZone }: { entries: TJobLogEntryResponse[]; timeZone: string }) {
  return (
    <div className="grid gap-4">
      <section className="grid gap-2">
        <h3 className="text-sm font-medium">Stop log</h3>
        <EntryList
          label="Stop log"
          entries={entries.filter((e) => e.kind === "stop")}
          timeZone={timeZone}
          empty="No stops logged yet."
        />
      </section>
      <section className="grid gap-2">
        <h3 className="text-sm font-medium">Pole-height log</h3>
        <EntryList
          label="Pole-height log"
          entries={entries.filter((e) => e.kind !== "stop")}
          timeZone={timeZone}
          empty="No pole heights, strikes or near-misses logged yet."
        />
      </section>
    </div>
  );
}
