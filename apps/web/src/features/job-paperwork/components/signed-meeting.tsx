import type { TSafetyMeetingResponse } from "@pevo/shared";
import { Check, MapPin } from "lucide-react";
import { formatZonedTime } from "@/lib/format";

/** Where a record was made, as the phone located it. */
export function placeText(p: { lat: number | null; lng: number | null; accuracy: number | null }) {
  if (p.lat == null || p.lng == null) return null;
  const within = p.accuracy != null ? ` (±${Math.round(p.accuracy)} m)` : "";
  return `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}${within}`;
}

/** A signed safety meeting: when, where, the checklist as signed and both signatures (a record: read only). */
export function SignedMeeting({ meeting, timeZone }: { meeting: TSafetyMeetingResponse; timeZone: string }) {
  const place = placeText(meeting);
  return (
    <div className="grid gap-3 text-sm" data-testid="signed-meeting">
      <p>
        Signed <time dateTime={meeting.signedAt}>{formatZonedTime(meeting.signedAt, timeZone)}</time>
        {place ? (
          <span className="ml-1 inline-flex items-center gap-1 text-muted-foreground">
            <MapPin className="size-3.5" aria-hidden />
            {place}
          </span>
        ) : null}
      </p>
      <ul className="grid gap-1">
        {meeting.items.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-3">
        {[
          { role: "PEVO", name: meeting.pevoName, png: meeting.pevoSignature },
          { role: "Truck driver", name: meeting.driverName, png: meeting.driverSignature },
        ].map((s) => (
          <figure key={s.role} className="min-w-0">
            <img
              src={s.png}
              alt={`Signature of ${s.name}`}
              className="h-16 w-full rounded-md border bg-white object-contain"
            />
            <figcaption className="mt-1 [overflow-wrap:anywhere]">
              <span className="font-medium">{s.name}</span>
              <span className="block text-xs text-muted-foreground">{s.role}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </div>
  );
}
