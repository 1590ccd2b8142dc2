import type { TMailState } from "@pevo/shared";
import { RotateCcw, Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { failureMessage } from "@/lib/errors";
import { useRetryMail } from "@/lib/mail";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";

const tries = (n: number) => `${n} ${n === 1 ? "try" : "tries"}`;

/** What a mail state says, e.g. "Email sent" or "Email failed after 5 tries: ...". */
function mailStatusText(mail: TMailState) {
  const error = mail.lastError ? `: ${mail.lastError}` : "";
  if (mail.status === "sent") return "Email sent";
  if (mail.status === "failed") return `Email failed after ${tries(mail.attempts)}${error}`;
  if (mail.attempts > 0) return `Email not sent yet (${tries(mail.attempts)}${error}); trying again`;
  return "Email queued";
}

/**
 * Where a record's email stands (queued / sent / failed after N tries), with Retry while it has
 * not gone: the one mail-status view of every screen (the outbox, docs/adr/0012-outbox.md; its
 * texts are DECISIONS "Every email a record causes").
 *
 * `label` names the email on a record with several (e.g. "Invitation"); `hideSent` keeps a list row
 * quiet once its email went.
 *
 * In a send dialog whose email did not go, `notSent` is the dialog's own sentence (what was saved,
 * DECISIONS "Send invoice"); the box shows it over the mail's line and leaves Retry to the dialog
 * (`SendDialogFooter`), which sends a new email and link with what the form now says.
 */
export function MailStatus({
  mail,
  label,
  hideSent,
  notSent,
  className,
}: {
  mail: TMailState | null;
  label?: string;
  hideSent?: boolean;
  notSent?: string;
  className?: string;
}) {
  const retry = useRetryMail();
  if (notSent !== undefined) {
    return (
      <div
        role="alert"
        className={cn(
          "grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm text-destructive [overflow-wrap:anywhere]",
          className,
        )}
      >
        <p>{notSent}</p>
        {mail ? <p className="text-xs">{mailStatusText(mail)}</p> : null}
      </div>
    );
  }
  if (!mail || (hideSent && mail.status === "sent")) return null;
  const problem = mail.status === "failed" || (mail.status === "queued" && mail.attempts > 0);
  return (
    <div
      role={problem ? "alert" : "status"}
      className={cn(
        "flex flex-wrap items-center gap-2 text-sm [overflow-wrap:anywhere]",
        problem ? "text-destructive" : "text-muted-foreground",
        className,
      )}
    >
      <span className="min-w-0">
        {label ? <span className="text-muted-foreground">{label}: </span> : null}
        {mailStatusText(mail)}
      </span>
      {problem ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(mail.jobId, {
              onSuccess: (state) =>
                state.status === "sent" ? toast.success("Email sent") : toast.error(mailStatusText(state)),
              onError: (error) => toast.error(failureMessage(error, "Failed to retry the email")),
            })
          }
        >
          {retry.isPending ? <Spinner /> : <RotateCcw />}
          Retry
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A send dialog's buttons: Cancel and Send, or, once its email did not go, Close and Retry (the
 * form's submit again: a new email and link, DECISIONS "Send invoice").
 */
export function SendDialogFooter({
  notSent,
  pending,
  blocked = false,
  onClose,
}: {
  notSent: boolean;
  pending: boolean;
  /** A rule the dialog shows keeps it from being sent (e.g. a missing PO number). */
  blocked?: boolean;
  onClose: () => void;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onClose}>
        {notSent ? "Close" : "Cancel"}
      </Button>
      <Button type="submit" disabled={pending || blocked}>
        {pending ? <Spinner /> : notSent ? <RotateCcw /> : <Send />}
        {notSent ? "Retry" : "Send"}
      </Button>
    </DialogFooter>
  );
}
