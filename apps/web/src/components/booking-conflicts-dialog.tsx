import type { TBookingConflict } from "@pevo/shared";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { allowLeaveAfterResend } from "@/components/unsaved-changes";
import { ApiError } from "@/lib/api";
import { formatDate } from "@/lib/format";

/** The conflicts of a 409 double booking answer, or null for any other error. */
function bookingConflictsOf(error: unknown): TBookingConflict[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const conflicts = (error.body as { conflicts?: unknown } | undefined)?.conflicts;
  return Array.isArray(conflicts) && conflicts.length ? (conflicts as TBookingConflict[]) : null;
}

const dates = (c: TBookingConflict) =>
  c.endDate && c.endDate !== c.date ? `${formatDate(c.date)} – ${formatDate(c.endDate)}` : formatDate(c.date);

/**
 * A save refused because a PEVO is already booked (issue 11 "Double booking"): `ask(error, retry)`
 * opens the list of conflicting jobs and returns true when it handled the error; "Assign anyway"
 * calls `retry` (which resends with allowConflict: true). Render `dialog` once in the page.
 */
export function useBookingConflicts(pending: boolean) {
  const [state, setState] = useState<{ conflicts: TBookingConflict[]; retry: () => void } | null>(null);
  const ask = (error: unknown, retry: () => void) => {
    const conflicts = bookingConflictsOf(error);
    if (!conflicts) return false;
    setState({ conflicts, retry });
    return true;
  };
  const close = () => setState(null);
  const dialog = (
    <AlertDialog open={state !== null} onOpenChange={(open) => !open && !pending && close()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>PEVO already booked</AlertDialogTitle>
          <AlertDialogDescription>
            The PEVO is already on these jobs at the same time. Assign anyway?
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul aria-label="Conflicting jobs" className="grid max-h-[45svh] gap-2 overflow-y-auto text-sm">
          {state?.conflicts.map((c) => (
            <li key={`${c.kind}:${c.id}:${c.pevoId}`} className="rounded-md border p-3">
              <div className="font-medium break-words">
                {c.pevoName} — {c.jobNumber ?? "Dispatch without a rate confirmation"}
              </div>
              <div className="text-muted-foreground break-words">
                {dates(c)}
                {c.client ? ` · ${c.client}` : ""}
                {c.kind === "position" ? " · assigned to a position" : " · dispatched"}
              </div>
            </li>
          ))}
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button
            disabled={pending}
            onClick={() => {
              const retry = state?.retry;
              close();
              allowLeaveAfterResend();
              retry?.();
            }}
          >
            {pending ? <Spinner /> : null}
            Assign anyway
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { ask, dialog };
}
