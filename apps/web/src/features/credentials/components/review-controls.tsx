import { CREDENTIAL_REVIEW_LABELS, type CredentialReviewStatus, TEXT_LIMITS } from "@pevo/shared";
import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
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
import { toast } from "@/lib/toast";
import { type ReviewTarget, useReviewCredential } from "../api";

const REVIEW_VARIANT: Record<CredentialReviewStatus, "yellow" | "green" | "red"> = {
  pending: "yellow",
  approved: "green",
  rejected: "red",
};

export function ReviewBadge({ status }: { status: CredentialReviewStatus }) {
  return <Badge variant={REVIEW_VARIANT[status]}>{CREDENTIAL_REVIEW_LABELS[status]}</Badge>;
}

/** The office's Approve / Reject (with a note) on a PEVO's pending change. */
export function ReviewControls({
  pevoId,
  target,
  what,
}: {
  pevoId: string;
  target: ReviewTarget;
  what: string;
}) {
  const review = useReviewCredential(pevoId);
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();

  const decide = (decision: "approved" | "rejected") =>
    review.mutate(
      { target, review: { decision, note: decision === "rejected" ? note : null } },
      {
        onSuccess: () => {
          toast.success(decision === "approved" ? `${what} approved` : `${what} rejected`);
          setRejecting(false);
          setNote("");
        },
        onError: (e) => {
          setError(e.message);
          toast.error(`Failed to review: ${e.message}`);
        },
      },
    );

  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 p-2 text-sm dark:bg-amber-500/10">
      <span className="mr-auto text-amber-800 dark:text-amber-200">Changed by the PEVO: review it.</span>
      <Button
        type="button"
        size="sm"
        className="h-11 md:h-8"
        disabled={review.isPending}
        onClick={() => decide("approved")}
        aria-label={`Approve ${what}`}
      >
        {review.isPending && !rejecting ? <Spinner /> : <Check />}
        Approve
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="h-11 md:h-8"
        disabled={review.isPending}
        onClick={() => {
          setError(null);
          setRejecting(true);
        }}
        aria-label={`Reject ${what}`}
      >
        <X />
        Reject
      </Button>
      <Dialog open={rejecting} onOpenChange={(open) => !review.isPending && setRejecting(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reject {what}?</DialogTitle>
            <DialogDescription>The PEVO sees your note and can correct it.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={noteId}>Note</Label>
            <Textarea
              id={noteId}
              rows={3}
              value={note}
              maxLength={TEXT_LIMITS.reason}
              onChange={(e) => setNote(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => setRejecting(false)}
              disabled={review.isPending}
            >
              Cancel
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={review.isPending || note.trim() === ""}
              onClick={() => decide("rejected")}
            >
              {review.isPending ? <Spinner /> : null}
              Reject
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
