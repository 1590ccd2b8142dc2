import { DISPATCH_STATUS_LABELS } from "@pevo/shared";
import { addDays, endOfMonth, endOfWeek, format, getDay, parse, startOfMonth, startOfWeek } from "date-fns";
import { enUS } from "date-fns/locale";
import { useMemo, useState } from "react";
import {
  Calendar as BigCalendar,
  dateFnsLocalizer,
  type Formats,
  type View,
  Views,
} from "react-big-calendar";
import "react-big-calendar/lib/css/react-big-calendar.css";
import { useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { useIsMobile } from "@/components/ui/use-mobile";
import { useCalendar } from "../api";
import "../calendar.css";
import { CalendarToolbar } from "../components/calendar-toolbar";
import { ListEvent } from "../components/list-event";
import { AgendaDate, ColumnHeader, HiddenPickupsContext, MonthDateHeader } from "../components/more-pickups";
import { type CalendarEvent, colorsOf, EVENT_COLORS, hiddenPickups, toEvents } from "../events";

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { "en-US": enUS } });

/** How many days the list view shows from its date. */
const LIST_DAYS = 30;

/** The visible range of a month (whole weeks), week, day or list view, as YYYY-MM-DD. */
function rangeOf(date: Date, view: View) {
  const [from, to] =
    view === Views.MONTH
      ? [startOfWeek(startOfMonth(date)), endOfWeek(endOfMonth(date))]
      : view === Views.AGENDA
        ? [date, addDays(date, LIST_DAYS)]
        : view === Views.DAY
          ? [date, date]
          : [startOfWeek(date), endOfWeek(date)];
  return { from: format(from, "yyyy-MM-dd"), to: format(to, "yyyy-MM-dd") };
}

const LEGEND = [
  ...Object.entries(DISPATCH_STATUS_LABELS),
  ["rate-confirmation", "Rate confirmation"],
  ["expiry", "Credential expiry"],
] as const;

/**
 * The month's day numbers open the day view; a week or day column's header is not a button (it
 * holds the "+N more" link of a busy day).
 */
const drilldownOf = (_date: Date, view: View) => (view === Views.MONTH ? Views.DAY : null);

/** The server returns the first few pickups of a day: a busy day shows "+N more" (the dispatch list). */
const COMPONENTS = {
  toolbar: CalendarToolbar,
  agenda: { event: ListEvent, date: AgendaDate },
  month: { dateHeader: MonthDateHeader },
  week: { header: ColumnHeader },
  day: { header: ColumnHeader },
};

const FORMATS: Formats = {
  agendaHeaderFormat: ({ start, end }, culture, local) =>
    `${local?.format(start, "MMM d", culture)} – ${local?.format(end, "MMM d, yyyy", culture)}`,
};

export default function CalendarPage() {
  const navigate = useNavigate();
  const [date, setDate] = useState(() => new Date());
  // On a phone a month grid truncates every title: start on the list instead.
  const isMobile = useIsMobile();
  const [view, setView] = useState<View>(() => (isMobile ? Views.AGENDA : Views.MONTH));
  const { from, to } = rangeOf(date, view);
  const { data, isPending, isError, refetch, isFetching } = useCalendar(from, to);
  const [showExpiries, setShowExpiries] = useState(true);
  const events = useMemo(() => toEvents(data, showExpiries), [data, showExpiries]);
  const hidden = useMemo(() => hiddenPickups(data), [data]);

  return (
    <div>
      <PageHeader
        title="Calendar"
        subtitle="Pickups by date, rate confirmation spans and PEVO credential expiries"
        actions={isFetching ? <Spinner className="size-5 text-muted-foreground" /> : null}
      />
      {isError ? (
        <div className="mb-4 flex items-center gap-3 rounded-lg border border-destructive/40 p-4 text-sm text-destructive">
          Error loading the calendar
          <Button size="sm" variant="outline" onClick={() => refetch()}>
            Retry
          </Button>
        </div>
      ) : null}
      <Card>
        <CardContent className="pevo-calendar">
          <div className="h-[640px] min-w-0" aria-busy={isPending}>
            <HiddenPickupsContext value={hidden}>
              <BigCalendar<CalendarEvent>
                localizer={localizer}
                culture="en-US"
                events={events}
                date={date}
                view={view}
                views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
                getDrilldownView={drilldownOf}
                length={LIST_DAYS}
                formats={FORMATS}
                onNavigate={setDate}
                onView={setView}
                popup
                components={COMPONENTS}
                onSelectEvent={(event) => navigate(event.href)}
                // The list view colours a swatch (ListEvent), not its table rows.
                eventPropGetter={(event) =>
                  view === Views.AGENDA ? {} : { style: { ...colorsOf(event), border: 0 } }
                }
                tooltipAccessor={(event) => event.title}
              />
            </HiddenPickupsContext>
          </div>
          <div className="mt-4 flex items-center gap-2">
            <Switch id="calendar-show-expiries" checked={showExpiries} onCheckedChange={setShowExpiries} />
            <Label htmlFor="calendar-show-expiries">Show credential expiries</Label>
          </div>
          <ul
            className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-xs text-muted-foreground"
            aria-label="Legend"
          >
            {LEGEND.map(([key, label]) => (
              <li key={key} className="flex items-center gap-1.5">
                <span
                  className="inline-block size-3 rounded-sm"
                  style={{ background: EVENT_COLORS[key].background }}
                />
                {label}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
