import { format } from "date-fns";
import { createContext, useContext } from "react";
import type { AgendaDateProps, DateHeaderProps, HeaderProps } from "react-big-calendar";
import { Link } from "react-router";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { dispatchesOnDay } from "../events";

/** Per day (YYYY-MM-DD) the pickups the calendar did not load (see `hiddenPickups`). */
export const HiddenPickupsContext = createContext<Map<string, number>>(new Map());

/** "+N more": the dispatch list on that day, for a day with more pickups than the calendar shows. */
function MorePickups({ date, className }: { date: Date; className?: string }) {
  const day = format(date, "yyyy-MM-dd");
  const more = useContext(HiddenPickupsContext).get(day);
  if (!more) return null;
  const label = `${formatNumber(more)} more pickup${more === 1 ? "" : "s"} on ${format(date, "MMMM d")}`;
  return (
    <Link
      to={dispatchesOnDay(day)}
      aria-label={label}
      title={label}
      className={cn(
        "whitespace-nowrap font-medium text-foreground underline underline-offset-2 hover:text-primary",
        className,
      )}
    >
      +{formatNumber(more)} more
    </Link>
  );
}

/** The month grid's day number (drills into the day view) and, on a busy day, "+N more". */
export function MonthDateHeader({ date, label, drilldownView, onDrillDown }: DateHeaderProps) {
  return (
    <span className="flex items-center justify-between gap-1">
      {drilldownView ? (
        <button type="button" className="rbc-button-link" onClick={onDrillDown}>
          {label}
        </button>
      ) : (
        <span>{label}</span>
      )}
      <MorePickups date={date} className="text-xs" />
    </span>
  );
}

/** A week or day column's header and, on a busy day, "+N more". */
export function ColumnHeader({ date, label }: HeaderProps) {
  return (
    <span className="flex flex-col items-center">
      <span>{label}</span>
      <MorePickups date={date} className="text-xs font-normal" />
    </span>
  );
}

/** The list view's date cell and, on a busy day, "+N more". */
export function AgendaDate({ day, label }: AgendaDateProps) {
  return (
    <span className="flex flex-col items-start">
      <span>{label}</span>
      <MorePickups date={day} className="text-xs" />
    </span>
  );
}
