import { TEXT_LIMITS, ZDeclineRateConfirmation } from "@pevo/shared";
import { XCircle } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { failureMessage } from "@/lib/errors";
import { useDecline } from "../api";

/**
 * The signer's Decline dialog, with its reason. Its own chunk, loaded when it is first opened: the
 * dialog library is not in the signing page's first load (docs/performance.md).
 */
export default function DeclineDialog({ token, onClose }: { token: string; onClose: () => void }) {
  const decline = useDecline(token);
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const parsed = ZDeclineRateConfirmation.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Tell the sender why you decline");
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setError(null);
    decline.mutate(parsed.data, {
      onSuccess: () => {
        onClose();
        window.scrollTo({ top: 0 });
      },
      onError: (e) => setError(failureMessage(e, "Your answer could not be saved. Try again.")),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Decline the rate confirmation</DialogTitle>
          <DialogDescription>Tell the sender why, so they can change it and send it again.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={TEXT_LIMITS.reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-reason-error` : undefined}
          />
          {error ? (
            <p id={`${id}-reason-error`} className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={decline.isPending} onClick={submit}>
            {decline.isPending ? <Spinner /> : <XCircle />}
            Decline
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
