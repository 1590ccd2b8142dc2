import { type TRateConfirmation, type TSignatureRequest, ZSendForSignature } from "@pevo/shared";
import { Download, FileText, Printer, RotateCcw, Send, X } from "lucide-react";
import { useId, useState } from "react";
import { MailStatus, SendDialogFooter } from "@/components/mail-status";
import { ErrorState } from "@/components/states";
import { SignatureStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { failureMessage } from "@/lib/errors";
import { useMailNotSent } from "@/lib/mail";
import { useClientById } from "@/lib/shared-queries";
import { toast } from "@/lib/toast";
import { useCancelSignatureRequest, useRateConfirmationSignature, useSendForSignature } from "../api";

const REQUEST_LABELS: Record<TSignatureRequest["status"], string> = {
  awaiting_signature: "Awaiting signature",
  viewed: "Viewed",
  signed: "Signed",
  declined: "Declined",
  voided: "Voided by an edit",
  canceled: "Canceled",
};

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : null;

const isOpen = (r: TSignatureRequest) =>
  (r.status === "awaiting_signature" || r.status === "viewed") && !r.expired;

/** The rate confirmation's e-signature: state, the current request, history and the actions. */
export function SignatureCard({ rc }: { rc: TRateConfirmation }) {
  const signature = useRateConfirmationSignature(rc.id);
  const cancel = useCancelSignatureRequest(rc.id);
  const [sendOpen, setSendOpen] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const canceled = Boolean(rc.canceledAt);

  const data = signature.data;
  const current = data?.requests[0];
  const open = current ? isOpen(current) : false;
  const signed = data?.state === "signed";
  const history = data?.requests.slice(1) ?? [];
  const pdfHref = `/api/rate-confirmations/${encodeURIComponent(rc.id)}/pdf`;

  return (
    <Card className="mb-4" role="region" aria-labelledby="signature-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <CardTitle id="signature-title">Signature</CardTitle>
          {data ? <SignatureStatusBadge status={data.state} /> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={pdfHref} download>
              <FileText />
              Download PDF
            </a>
          </Button>
          {/* The same PDF shown by the browser in a new tab, where its viewer prints it. */}
          <Button variant="outline" size="sm" asChild>
            <a href={`${pdfHref}?inline=1`} target="_blank" rel="noopener" title="Opens the PDF in a new tab">
              <Printer />
              Print
            </a>
          </Button>
          {signed ? (
            <Button variant="outline" size="sm" asChild>
              <a href={`/api/rate-confirmations/${encodeURIComponent(rc.id)}/signature/pdf`} download>
                <Download />
                Download signed PDF
              </a>
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {signature.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : signature.isError && !data ? (
          <ErrorState
            message={failureMessage(signature.error, "Error loading the signature")}
            onRetry={() => void signature.refetch()}
          />
        ) : data ? (
          <>
            {current ? (
              <RequestDetails request={current} />
            ) : (
              <p className="text-sm text-muted-foreground">
                Not sent yet. Send it to the client: they sign on their phone or computer, no account needed.
              </p>
            )}
            {canceled ? (
              <p className="text-sm text-muted-foreground">
                A canceled rate confirmation cannot be sent for signature.
              </p>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => setSendOpen(true)}>
                  {current && !signed ? <RotateCcw /> : <Send />}
                  {current && !signed
                    ? "Send again"
                    : signed
                      ? "Send for a new signature"
                      : "Send for signature"}
                </Button>
                {open ? (
                  <Button size="sm" variant="outline" onClick={() => setConfirmCancel(true)}>
                    <X />
                    Cancel request
                  </Button>
                ) : null}
              </div>
            )}
            {history.length > 0 ? (
              <div>
                <h3 className="mb-2 text-sm font-medium">Earlier requests</h3>
                <ul className="grid gap-2">
                  {history.map((r) => (
                    <li key={r.id} className="rounded-md border p-2 text-sm">
                      <span className="font-medium">{REQUEST_LABELS[r.status]}</span>
                      {r.expired ? " (expired)" : null} · {r.signerName} &lt;{r.signerEmail}&gt; · sent{" "}
                      {dateTime(r.sentAt)}
                      {r.declineReason ? (
                        <span className="block text-muted-foreground">Reason: {r.declineReason}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
      </CardContent>
      {sendOpen ? (
        <SendDialog
          rc={rc}
          defaults={
            current ? { signerName: current.signerName, signerEmail: current.signerEmail } : undefined
          }
          onClose={() => setSendOpen(false)}
        />
      ) : null}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel the signature request?"
        description="The link sent to the signer stops working. You can send a new one later."
        confirmLabel="Cancel request"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirmCancel(false);
              toast.success("Signature request canceled");
            },
            onError: (error) => toast.error(failureMessage(error, "Failed to cancel the request")),
          })
        }
      />
    </Card>
  );
}

function RequestDetails({ request: r }: { request: TSignatureRequest }) {
  const rows: [string, string | null][] = [
    ["Signer", `${r.signerName} <${r.signerEmail}>`],
    ["Sent", dateTime(r.sentAt)],
    ["Viewed", dateTime(r.viewedAt)],
    ["Reminder sent", dateTime(r.remindedAt)],
    ["Signed", r.signedAt ? `${dateTime(r.signedAt)} as "${r.signedName ?? ""}"` : null],
    ["Declined", dateTime(r.declinedAt)],
    ["Reason", r.declineReason],
    [r.status === "voided" ? "Voided" : "Canceled", dateTime(r.closedAt)],
    [r.expired ? "Expired" : "Expires", isOpen(r) || r.expired ? dateTime(r.expiresAt) : null],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-label="Current signature request">
      <dt className="text-muted-foreground">Request</dt>
      <dd>{REQUEST_LABELS[r.status]}</dd>
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="min-w-0 break-words">{v}</dd>
          </div>
        ))}
      {r.mail ? (
        <>
          <dt className="text-muted-foreground">Request email</dt>
          <dd>
            <MailStatus mail={r.mail} />
          </dd>
        </>
      ) : null}
      {r.signedCopyMail ? (
        <>
          <dt className="text-muted-foreground">Signed copy email</dt>
          <dd>
            <MailStatus mail={r.signedCopyMail} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

type Fields = { signerName: string; signerEmail: string };

function SendDialog({
  rc,
  defaults,
  onClose,
}: {
  rc: TRateConfirmation;
  defaults?: Fields;
  onClose: () => void;
}) {
  const clientRecord = useClientById(rc.clientId).data;
  const send = useSendForSignature(rc.id);
  const [edited, setEdited] = useState<Partial<Fields>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const mail = useMailNotSent();
  const id = useId();

  const values: Fields = {
    signerName: edited.signerName ?? defaults?.signerName ?? clientRecord?.contactPerson ?? "",
    signerEmail: edited.signerEmail ?? defaults?.signerEmail ?? clientRecord?.email ?? "",
  };

  const submit = () => {
    const parsed = ZSendForSignature.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (answer) =>
        mail.settle(answer, answer.signature.requests[0]?.mail ?? null, () => {
          toast.success(`Sent for signature to ${parsed.data.signerEmail}`);
          onClose();
        }),
      onError: (error) => toast.error(failureMessage(error, "Failed to send for signature")),
    });
  };

  const field = (key: keyof Fields, label: string, type: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type={type}
        value={values[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(e) => {
          setEdited((prev) => ({ ...prev, [key]: e.target.value }));
          mail.clear();
        }}
      />
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="text-sm text-destructive">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send {rc.jobNumber} for signature</DialogTitle>
          <DialogDescription>
            The signer gets an email with a link to sign it online (valid 30 days). Any link sent before stops
            working.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {field("signerName", "Signer name", "text")}
          {field("signerEmail", "Signer email", "email")}
          {mail.notSent ? (
            <MailStatus
              mail={mail.notSent.mail}
              notSent="The request was saved but the email was not sent. Retry to send a new link."
            />
          ) : null}
          <SendDialogFooter notSent={Boolean(mail.notSent)} pending={send.isPending} onClose={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
