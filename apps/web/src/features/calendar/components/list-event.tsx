import type { EventProps } from "react-big-calendar";
import { Link } from "react-router";
import { type CalendarEvent, colorsOf } from "../events";

/** An event of the list view: a colour swatch and a link (the list's rows are not clickable). */
export function ListEvent({ event }: EventProps<CalendarEvent>) {
  return (
    <Link to={event.href} className="flex items-center gap-2 hover:underline">
      <span
        aria-hidden
        className="size-3 shrink-0 rounded-sm"
        style={{ background: colorsOf(event).background }}
      />
      <span className="min-w-0">{event.title}</span>
    </Link>
  );
}
