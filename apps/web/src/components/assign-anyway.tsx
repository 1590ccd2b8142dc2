import { type TBookingConflict, TEXT_LIMITS, type TNotQualified } from "@pevo/shared";
import { useId, useState } from "react";
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
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { allowLeaveAfterResend } from "@/components/unsaved-changes";
import { bookingConflictsOf, conflictStatus, notQualifiedOf } from "@/lib/assignment";
import { formatDate } from "@/lib/format";

/** What "Assign anyway" adds to the refused save when it sends it again. */
export type AssignOverride = { allowConflict: true } | { qualificationOverride: { reason: string } };

/**
 * The answer to a refused save that assigns PEVOs (a dispatch, dispatches for positions, a rate
 * confirmation's positions). `submit(mutate, data, …)` sends it; when refused, a PEVO booked on an
 * overlapping job (409) lists those jobs; otherwise the server's field messages go next to their
 * fields (`showFieldErrors`, true when it placed some) and a PEVO not qualified for the route (400)
 * lists the reasons. In both dialogs "Assign anyway" sends it again with the override; any other
 * error goes to `fail(error, inline)`. Render `dialogs` once in the page.
 */
export function useAssignAnyway(pending: boolean) {
  const conflicts = useBookingConflicts(pending);
  const qualification = useQualificationOverride(pending);
  const submit = <D extends object, R>(
    mutate: (
      data: D,
      callbacks: { onSuccess: (saved: R) => void; onError: (error: unknown) => void },
    ) => void,
    data: D,
    on: {
      success: (saved: R) => void;
      showFieldErrors: (error: unknown) => boolean;
      fail: (error: unknown, inline: boolean) => void;
    },
  ) => {
    const send = (body: D) =>
      mutate(body, {
        onSuccess: on.success,
        onError: (error) => {
          const resend = (override: AssignOverride) => send({ ...body, ...override });
          if (conflicts.ask(error, () => resend({ allowConflict: true }))) return;
          const inline = on.showFieldErrors(error);
          if (qualification.ask(error, (reason) => resend({ qualificationOverride: { reason } }))) return;
          on.fail(error, inline);
        },
      });
    send(data);
  };
  return {
    submit,
    dialogs: (
      <>
        {conflicts.dialog}
        {qualification.dialog}
      </>
    ),
  };
}

/** Cancel, or send the refused save again with the override. */
function AssignFooter({ pending, onAssign }: { pending: boolean; onAssign: () => void }) {
  return (
    <AlertDialogFooter>
      <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
      <Button disabled={pending} onClick={onAssign}>
        {pending ? <Spinner /> : null}
        Assign anyway
      </Button>
    </AlertDialogFooter>
  );
}

const dates = (c: TBookingConflict) =>
  c.endDate && c.endDate !== c.date ? `${formatDate(c.date)} – ${formatDate(c.endDate)}` : formatDate(c.date);

/**
 * A save refused because a PEVO is already booked: `ask(error, retry)`
 * opens the list of conflicting jobs and returns true when it handled the error; "Assign anyway"
 * calls `retry` (which resends with allowConflict: true). Render `dialog` once in the page.
 */
function useBookingConflicts(pending: boolean) {
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
                {` · ${conflictStatus(c)}`}
              </div>
            </li>
          ))}
        </ul>
        <AssignFooter
          pending={pending}
          onAssign={() => {
            const retry = state?.retry;
            close();
            allowLeaveAfterResend();
            retry?.();
          }}
        />
      </AlertDialogContent>
    </AlertDialog>
  );
  return { ask, dialog };
}

/**
 * A save refused because a PEVO is not qualified for the route: `ask(error, retry)` opens the
 * reasons and returns true when it handled the error; "Assign anyway" calls `retry(reason)` (which
 * resends with `qualificationOverride: { reason }`). Render `dialog` once in the page.
 */
function useQualificationOverride(pending: boolean) {
  const [state, setState] = useState<{ who: TNotQualified[]; retry: (reason: string) => void } | null>(null);
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const id = useId();
  const ask = (error: unknown, retry: (reason: string) => void) => {
    const who = notQualifiedOf(error);
    if (!who) return false;
    setReason("");
    setTouched(false);
    setState({ who, retry });
    return true;
  };
  const close = () => setState(null);
  const missing = reason.trim() === "";
  const dialog = (
    <AlertDialog open={state !== null} onOpenChange={(open) => !open && !pending && close()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>PEVO not qualified for this route</AlertDialogTitle>
          <AlertDialogDescription>
            An admin may assign anyway with a reason; it is recorded in Recent Activity.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul aria-label="Why not qualified" className="grid max-h-[35svh] gap-2 overflow-y-auto text-sm">
          {state?.who.map((p) => (
            <li key={p.pevoId} className="rounded-md border p-3">
              <div className="font-medium break-words">{p.pevoName}</div>
              <ul className="list-disc pl-5 text-muted-foreground">
                {p.reasons.map((r) => (
                  <li key={r} className="break-words">
                    {r}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-reason`}>Reason for assigning anyway</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={TEXT_LIMITS.overrideReason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && missing ? true : undefined}
            aria-describedby={touched && missing ? `${id}-error` : undefined}
          />
          {touched && missing ? (
            <p id={`${id}-error`} className="text-sm text-destructive">
              Enter the reason for assigning anyway
            </p>
          ) : null}
        </div>
        <AssignFooter
          pending={pending}
          onAssign={() => {
            if (missing) {
              setTouched(true);
              return;
            }
            const retry = state?.retry;
            close();
            allowLeaveAfterResend();
            retry?.(reason.trim());
          }}
        />
      </AlertDialogContent>
    </AlertDialog>
  );
  return { ask, dialog };
}
