import { addDays } from "date-fns";
import { parseDate } from "@/lib/format";
import type { TCalendarData } from "./api";

export type CalendarEvent = {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  kind: "dispatch" | "rate-confirmation" | "expiry";
  status?: string;
  href: string;
};

/**
 * Dispatches by pickup date, rate confirmation date spans, and (unless `expiries` is off: the
 * office's "Show credential expiries") licence, certification and insurance expiries as all-day items.
 */
export function toEvents(data: TCalendarData | undefined, expiries = true): CalendarEvent[] {
  if (!data) return [];
  const dispatches = data.dispatches.map<CalendarEvent>((d) => {
    const [h, m] = d.time.split(":").map(Number);
    const start = parseDate(d.date);
    start.setHours(h, m);
    return {
      id: `d-${d.id}`,
      // The position too, so the office sees which car of the job each pickup is (also the tooltip).
      title: [`${d.time} ${d.jobNumber ?? d.driverName}`, d.position, d.pevoName].filter(Boolean).join(" · "),
      start,
      end: new Date(start.getTime() + 60 * 60 * 1000),
      allDay: false,
      kind: "dispatch",
      status: d.status,
      href: `/dispatching/${d.id}`,
    };
  });
  const spans = data.rateConfirmations.map<CalendarEvent>((rc) => ({
    id: `rc-${rc.id}`,
    title: `Job ${rc.jobNumber}`,
    start: parseDate(rc.startDate),
    end: addDays(parseDate(rc.endDate), 1),
    allDay: true,
    kind: "rate-confirmation",
    href: `/rate-confirmations/${rc.id}`,
  }));
  // The server only lists expiries inside the range, but its contract allows a null date.
  if (!expiries) return [...spans, ...dispatches];
  const licences = data.certificationExpiries.flatMap<CalendarEvent>(({ id, date, pevoName }) =>
    date
      ? [
          {
            id: `x-${id}`,
            title: `Licence expires: ${pevoName}`,
            start: parseDate(date),
            end: addDays(parseDate(date), 1),
            allDay: true,
            kind: "expiry",
            href: `/pevos/edit/${id}`,
          },
        ]
      : [],
  );
  const credentials = data.credentialExpiries.map<CalendarEvent>((c) => ({
    id: `c-${c.kind}-${c.id}`,
    title: `${c.label} expires: ${c.pevoName}`,
    start: parseDate(c.date),
    end: addDays(parseDate(c.date), 1),
    allDay: true,
    kind: "expiry",
    href: `/pevos/edit/${c.pevoId}`,
  }));
  return [...spans, ...dispatches, ...licences, ...credentials];
}

/** Status colours match the dispatch badges (yellow, blue, green, red). */
export const EVENT_COLORS: Record<string, { background: string; color: string }> = {
  pending: { background: "#fde68a", color: "#78350f" },
  dispatched: { background: "#bfdbfe", color: "#1e3a8a" },
  completed: { background: "#bbf7d0", color: "#14532d" },
  canceled: { background: "#fecaca", color: "#7f1d1d" },
  "rate-confirmation": { background: "#e4e4e7", color: "#27272a" },
  expiry: { background: "#fed7aa", color: "#7c2d12" },
};

export const colorsOf = (event: CalendarEvent) =>
  EVENT_COLORS[event.kind === "dispatch" ? (event.status ?? "pending") : event.kind];

/**
 * Per day (YYYY-MM-DD), how many pickups the server counted but did not return (it returns the
 * first few of a day): the "+N more" that opens the dispatch list on that day.
 */
export function hiddenPickups(data: TCalendarData | undefined): Map<string, number> {
  const hidden = new Map<string, number>();
  if (!data) return hidden;
  const returned = new Map<string, number>();
  for (const d of data.dispatches) returned.set(d.date, (returned.get(d.date) ?? 0) + 1);
  for (const day of data.days) {
    const more = day.dispatches - (returned.get(day.date) ?? 0);
    if (more > 0) hidden.set(day.date, more);
  }
  return hidden;
}

/** The dispatch list filtered to one pickup day. */
export const dispatchesOnDay = (day: string) => `/dispatching?pickupFrom=${day}&pickupTo=${day}`;
