import { type TDispatchResponsePage, TEXT_LIMITS } from "@pevo/shared";
import { CalendarDays, CheckCircle2, LinkIcon, MapPin, X, XCircle } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { AcceptDeclineButtons } from "@/components/accept-decline-buttons";
import { Button } from "@/components/ui/button";
import { controlProps, Field } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import { useNoIndex } from "@/lib/use-no-index";
import { useAcceptByLink, useDeclineByLink, useResponsePage } from "../api";

const big = "h-14 w-full text-base";

function Notice({
  icon,
  title,
  children,
  alert,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  alert?: boolean;
}) {
  return (
    <div
      role={alert ? "alert" : "status"}
      className="grid justify-items-center gap-3 rounded-lg border bg-card p-8 text-center shadow-sm"
    >
      {icon}
      <h1 className="text-lg font-semibold">{title}</h1>
      <div className="grid max-w-md gap-3 text-muted-foreground">{children}</div>
    </div>
  );
}

const portalLink = (
  <Button asChild variant="outline" className="h-11">
    <Link to="/pevo/dispatches">Open my portal</Link>
  </Button>
);

/** /respond/{token}: a PEVO accepts or declines an assignment from the mail. No session. */
export default function DispatchResponsePage() {
  useNoIndex("Accept or decline a job");
  const { token = "" } = useParams();
  const page = useResponsePage(token);
  const [declined, setDeclined] = useState(false);

  let body: React.ReactNode;
  if (declined) {
    body = (
      <Notice
        icon={<XCircle className="size-10 text-muted-foreground" aria-hidden />}
        title="You declined this job"
      >
        <p>The office has been told and will assign someone else. Thank you for letting them know.</p>
      </Notice>
    );
  } else if (page.data) {
    body = <Job token={token} job={page.data} onDeclined={() => setDeclined(true)} />;
  } else if (page.isPending) {
    body = (
      <div className="flex items-center justify-center gap-2 py-20 text-muted-foreground" role="status">
        <Spinner /> Loading the job...
      </div>
    );
  } else {
    const known = page.error instanceof ApiError && page.error.status > 0 && page.error.status < 500;
    body = (
      <Notice
        alert
        icon={<LinkIcon className="size-10 text-muted-foreground" aria-hidden />}
        title={known ? "This link cannot be used" : "The job could not be loaded"}
      >
        <p>{known ? page.error.message : failureMessage(page.error, "Try again later.")}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {known ? null : (
            <Button variant="outline" className="h-11" onClick={() => void page.refetch()}>
              Try again
            </Button>
          )}
          {portalLink}
        </div>
      </Notice>
    );
  }

  return (
    <div className="min-h-svh bg-muted/40 text-foreground">
      <main className="mx-auto grid max-w-lg gap-6 px-3 py-6 sm:px-6 sm:py-10">{body}</main>
    </div>
  );
}

function Job({
  token,
  job,
  onDeclined,
}: {
  token: string;
  job: TDispatchResponsePage;
  onDeclined: () => void;
}) {
  const accept = useAcceptByLink(token);
  const decline = useDeclineByLink(token);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const failed = accept.error ?? null;

  const submitDecline = () => {
    if (!reason.trim()) {
      setError("Tell the office why you decline");
      return;
    }
    decline.mutate(reason.trim(), {
      onSuccess: onDeclined,
      onError: (e) =>
        setError(
          e instanceof ApiError ? (e.fields.reason ?? e.message) : failureMessage(e, "Could not decline"),
        ),
    });
  };

  return (
    <div className="grid gap-4 rounded-lg border bg-card p-5 shadow-sm sm:p-6">
      <div>
        <p className="text-sm text-muted-foreground">{job.companyName}</p>
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
          {job.jobNumber ? `Job #${job.jobNumber}` : "New job"}
        </h1>
        <p className="mt-1">Hello {job.pevoName}, you have been assigned this job.</p>
      </div>
      <dl className="grid gap-3 text-sm">
        {/* One div per term and its description, right under the <dl> (what HTML allows there). */}
        <div className="flex gap-2">
          <CalendarDays className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <dt className="sr-only">Pickup</dt>
          <dd>
            Pickup {formatDate(job.pickupDate)} at {job.pickupTime}
          </dd>
        </div>
        {job.originAddress || job.destinationAddress ? (
          <div className="flex gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <dt className="sr-only">Route</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {job.originAddress ?? "-"} → {job.destinationAddress ?? "-"}
            </dd>
          </div>
        ) : null}
      </dl>

      {job.state === "accepted" ? (
        <div
          role="status"
          className="grid gap-3 rounded-md border border-green-600/30 bg-green-50 p-4 dark:bg-green-950/30"
        >
          <p className="flex items-center gap-2 font-medium text-green-800 dark:text-green-300">
            <CheckCircle2 className="size-5" aria-hidden />
            You accepted this job
          </p>
          <p className="text-sm">
            Open your portal on the day to check in: On my way, Arrived at pickup, and so on.
          </p>
          <div>{portalLink}</div>
        </div>
      ) : declining ? (
        <div className="grid gap-3">
          <Field label="Why do you decline?" htmlFor="decline-reason" error={error}>
            <Textarea
              {...controlProps("decline-reason", error)}
              value={reason}
              rows={4}
              maxLength={TEXT_LIMITS.reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button
              variant="outline"
              className={big}
              disabled={decline.isPending}
              onClick={() => setDeclining(false)}
            >
              Back
            </Button>
            <Button
              variant="destructive"
              className={big}
              disabled={decline.isPending}
              onClick={submitDecline}
            >
              {decline.isPending ? <Spinner /> : <X aria-hidden />}
              Decline job
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-2">
          {failed ? (
            <p role="alert" className="text-sm text-destructive">
              {failureMessage(failed, "Could not accept the job")}
            </p>
          ) : null}
          <AcceptDeclineButtons
            className={big}
            accepting={accept.isPending}
            onAccept={() => accept.mutate()}
            onDecline={() => setDeclining(true)}
          />
        </div>
      )}
    </div>
  );
}
