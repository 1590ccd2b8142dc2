import { DISPATCH_EVENT_LABELS, type DispatchEventKind, type TDispatchEvent } from "@pevo/shared";
import {
  AlertTriangle,
  CheckCircle2,
  type CircleDot,
  MapPin,
  Navigation,
  RotateCcw,
  Truck,
  UserCheck,
  UserPlus,
  UserX,
} from "lucide-react";
import { formatZonedTime } from "@/lib/format";
import { cn } from "@/lib/utils";

const ICONS: Record<DispatchEventKind, typeof CircleDot> = {
  assigned: UserPlus,
  accepted: UserCheck,
  declined: UserX,
  on_my_way: Navigation,
  arrived_pickup: MapPin,
  escort_started: Truck,
  completed: CheckCircle2,
  problem: AlertTriangle,
  reopened: RotateCcw,
};

/** What a row says: "Accepted by Casey Whitfield", "Assigned to Casey Whitfield by Ana Admin". */
function title(e: TDispatchEvent) {
  const label = DISPATCH_EVENT_LABELS[e.kind];
  if (e.kind === "assigned") return `${label}${e.pevoName ? ` to ${e.pevoName}` : ""}`;
  return e.byName ? `${label} — ${e.byName}` : label;
}

/**
 * A dispatch's timeline (the office's dispatch page and the PEVO's job screen): assignment, answer,
 * each step and problem reports, oldest first, with the time and, when recorded, a map link. Times
 * are in the company's time zone (`timeZone`), like pickup times, whatever the browser's zone.
 */
export function JobTimeline({
  events,
  timeZone,
  className,
}: {
  events: TDispatchEvent[];
  timeZone: string;
  className?: string;
}) {
  if (events.length === 0) {
    return <p className={cn("text-sm text-muted-foreground", className)}>Nothing recorded yet</p>;
  }
  return (
    <ol className={cn("grid gap-3", className)} aria-label="Job timeline">
      {events.map((e) => {
        const Icon = ICONS[e.kind];
        const warn = e.kind === "problem" || e.kind === "declined";
        return (
          <li key={e.id} className="flex min-w-0 gap-3">
            <Icon
              className={cn("mt-0.5 size-4 shrink-0", warn ? "text-destructive" : "text-muted-foreground")}
              aria-hidden
            />
            <div className="min-w-0 text-sm">
              <p className="font-medium [overflow-wrap:anywhere]">{title(e)}</p>
              <p className="text-muted-foreground">
                <time dateTime={e.at}>{formatZonedTime(e.at, timeZone)}</time>
                {e.lat != null && e.lng != null ? (
                  <>
                    {" · "}
                    <a
                      className="underline underline-offset-2"
                      href={`https://www.openstreetmap.org/?mlat=${e.lat}&mlon=${e.lng}#map=15/${e.lat}/${e.lng}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      Location
                    </a>
                  </>
                ) : null}
              </p>
              {e.note ? (
                <p className="mt-0.5 whitespace-pre-line [overflow-wrap:anywhere]">{e.note}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
