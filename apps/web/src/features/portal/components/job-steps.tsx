import {
  DISPATCH_STEP_LABELS,
  type DispatchStep,
  TEXT_LIMITS,
  type TPortalDispatchLifecycle,
} from "@pevo/shared";
import {
  AlertTriangle,
  Check,
  CheckCircle2,
  ClipboardList,
  MapPin,
  Navigation,
  Truck,
  X,
} from "lucide-react";
import { useState } from "react";
import { AcceptDeclineButtons } from "@/components/accept-decline-buttons";
import { JobTimeline } from "@/components/job-timeline";
import { QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { controlProps, Field } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { currentPosition } from "@/lib/current-position";
import { SAVED_ON_PHONE } from "@/lib/offline/send";
import { toast } from "@/lib/toast";
import { useAcceptJob, useDeclineJob, useJobLifecycle, useRecordStep } from "../job-steps-api";
import { earlyStartQuestion } from "../lib";
import { TripFormSheet } from "./trip-form-sheet";

const STEP_ICONS: Record<DispatchStep, typeof Navigation> = {
  on_my_way: Navigation,
  arrived_pickup: MapPin,
  escort_started: Truck,
  completed: CheckCircle2,
};

/** Where the job stands, in the PEVO's words. */
const STAGE_TEXT: Record<TPortalDispatchLifecycle["stage"], string> = {
  none: "This job has no PEVO.",
  awaiting: "The office assigned you this job. Can you take it?",
  accepted: "You accepted this job. Tap the button when you head out.",
  on_my_way: "You are on your way.",
  arrived_pickup: "You arrived at pickup.",
  escort_started: "The escort is under way.",
  completed: "Job completed. Thank you!",
};

const big = "h-14 w-full text-base";

const errorText = (error: unknown) => (error instanceof Error ? error.message : "Something went wrong");

/** A dialog asking for a text (a decline's reason, a problem's note). */
function TextDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  confirmLabel,
  pending,
  onSubmit,
  destructive,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  pending: boolean;
  onSubmit: (text: string) => Promise<unknown>;
  destructive?: boolean;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const id = `job-${label.toLowerCase().replace(/\W+/g, "-")}`;
  const submit = async () => {
    if (!text.trim()) {
      setError(`${label} is required`);
      return;
    }
    try {
      await onSubmit(text.trim());
      setText("");
      setError(undefined);
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.fields)[0] ?? e.message) : errorText(e));
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Field label={label} htmlFor={id} error={error}>
          <Textarea
            {...controlProps(id, error)}
            value={text}
            maxLength={TEXT_LIMITS.reason}
            rows={4}
            onChange={(e) => setText(e.target.value)}
          />
        </Field>
        <DialogFooter>
          <Button variant="outline" className="h-11" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            className="h-11"
            variant={destructive ? "destructive" : "default"}
            disabled={pending}
            onClick={() => void submit()}
          >
            {pending ? <Spinner /> : null}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The PEVO's job card: Accept / Decline while the job awaits their answer, then one large button
 * for the next step (On my way → Arrived at pickup → Escort started → Completed), Report a problem,
 * and the timeline. Completing opens the trip log form prefilled for this job.
 */
export function JobSteps({ dispatchId, onDeclined }: { dispatchId: string; onDeclined: () => void }) {
  const query = useJobLifecycle(dispatchId);
  const accept = useAcceptJob(dispatchId);
  const decline = useDeclineJob(dispatchId);
  const step = useRecordStep(dispatchId);
  const [declining, setDeclining] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [tripOpen, setTripOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  /** The question asked before "On my way" ahead of the pickup day (null: not asking). */
  const [early, setEarly] = useState<string | null>(null);
  const life = query.data;

  if (query.isError) {
    // A job declined or reassigned meanwhile is not mine anymore: the details above say so.
    if (query.error instanceof ApiError && query.error.status === 404) return null;
    return <QueryErrorState message="Error loading your job's steps" query={query} />;
  }
  if (!life) {
    return (
      <Skeleton className="h-44 w-full rounded-xl" role="status" aria-label="Loading your job's steps" />
    );
  }

  const move = async (kind: DispatchStep | "problem", note?: string) => {
    setLocating(true);
    const position = await currentPosition(life.locationServices);
    setLocating(false);
    const done = await step.mutateAsync({ kind, note, lat: position?.lat, lng: position?.lng });
    if (done?.queued) toast.info(SAVED_ON_PHONE);
    else if (kind === "completed") {
      toast.success("Job completed");
      if (!done?.hasTripLog) setTripOpen(true);
    }
    return done;
  };
  const tap = (kind: DispatchStep) =>
    move(kind).catch((e) => {
      toast.error(errorText(e));
      void query.refetch();
    });

  const busy = step.isPending || locating;
  const next = life.nextStep;
  // Starting before the pickup day is allowed but asked first (a tap three days early is a slip).
  const press = (kind: DispatchStep) => {
    const question = kind === "on_my_way" ? earlyStartQuestion(life.pickupDate) : null;
    if (question) setEarly(question);
    else void tap(kind);
  };
  const NextIcon = next ? STEP_ICONS[next] : Check;

  return (
    <Card className="min-w-0 gap-3 border-primary/40" role="region" aria-label="Your job">
      <CardHeader>
        <CardTitle className="text-base">Your job</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm font-medium" data-testid="job-stage">
          {life.canceled ? "This dispatch was canceled." : STAGE_TEXT[life.stage]}
        </p>

        {!life.canceled && life.stage === "awaiting" ? (
          <div className="grid gap-2 sm:grid-cols-2">
            <AcceptDeclineButtons
              className={big}
              accepting={accept.isPending}
              onAccept={() =>
                accept.mutate(undefined, {
                  onSuccess: (done) =>
                    done?.queued ? toast.info(SAVED_ON_PHONE) : toast.success("Job accepted"),
                  onError: (e) => toast.error(errorText(e)),
                })
              }
              onDecline={() => setDeclining(true)}
            />
          </div>
        ) : null}

        {next ? (
          <Button className="h-16 w-full text-lg" disabled={busy} onClick={() => press(next)}>
            {busy ? <Spinner /> : <NextIcon aria-hidden className="size-5" />}
            {DISPATCH_STEP_LABELS[next]}
          </Button>
        ) : null}

        {life.stage === "completed" && !life.hasTripLog ? (
          <Button variant="outline" className={big} onClick={() => setTripOpen(true)}>
            <ClipboardList aria-hidden />
            Add trip log entry
          </Button>
        ) : null}

        {next || (life.canDecline && life.stage === "accepted") ? (
          <div className="grid gap-2 sm:grid-cols-2">
            {next ? (
              <Button variant="outline" className="h-12 w-full" onClick={() => setReporting(true)}>
                <AlertTriangle aria-hidden />
                Report a problem
              </Button>
            ) : null}
            {life.canDecline && life.stage === "accepted" ? (
              <Button variant="ghost" className="h-12 w-full" onClick={() => setDeclining(true)}>
                <X aria-hidden />
                Decline job
              </Button>
            ) : null}
          </div>
        ) : null}

        <div className="border-t pt-3">
          <h2 className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">Timeline</h2>
          <JobTimeline events={life.events} timeZone={life.timeZone} />
        </div>
      </CardContent>

      <ConfirmDialog
        open={early !== null}
        onOpenChange={(open) => !open && setEarly(null)}
        title="Start this job early?"
        description={early}
        confirmLabel={DISPATCH_STEP_LABELS.on_my_way}
        confirmVariant="default"
        onConfirm={() => {
          setEarly(null);
          void tap("on_my_way");
        }}
      />
      <TextDialog
        open={declining}
        onOpenChange={setDeclining}
        title="Decline this job?"
        description="You will be taken off this job and the office will be told why."
        label="Reason"
        confirmLabel="Decline job"
        destructive
        pending={decline.isPending}
        onSubmit={async (reason) => {
          await decline.mutateAsync(reason);
          toast.success("Job declined. The office has been told.");
          onDeclined();
        }}
      />
      <TextDialog
        open={reporting}
        onOpenChange={setReporting}
        title="Report a problem"
        description="The office sees your note at once on this job's timeline."
        label="What happened"
        confirmLabel="Send report"
        pending={busy}
        onSubmit={async (note) => {
          const done = await move("problem", note);
          if (!done?.queued) toast.success("Problem reported to the office");
        }}
      />
      <TripFormSheet
        open={tripOpen}
        trip={null}
        prefill={{
          tripDate: life.tripPrefill.tripDate,
          dispatchId: life.dispatchId,
          startLocation: life.tripPrefill.startLocation ?? "",
          endLocation: life.tripPrefill.endLocation ?? "",
        }}
        onClose={() => {
          setTripOpen(false);
          void query.refetch();
        }}
      />
    </Card>
  );
}
