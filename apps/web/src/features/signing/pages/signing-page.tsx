import { TEXT_LIMITS, ZSignRateConfirmation } from "@pevo/shared";
import { CheckCircle2, Download, FileX, PenLine, XCircle } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { type LoaderFunctionArgs, useParams } from "react-router";
import { SignaturePad } from "@/components/signature-pad";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { firstScreenLoader } from "@/lib/first-screen";
import { formatLongDateTime } from "@/lib/format";
import { queryClient } from "@/lib/query-client";
import { useNoIndex } from "@/lib/use-no-index";
import { type SigningPageData, signingPageQuery, useSign, useSigningPage } from "../api";
import { RateConfirmationDocument } from "../components/rate-confirmation-document";

const dateTime = (iso: string | null) => (iso ? formatLongDateTime(new Date(iso)) : "");

/** Opened by Decline only: loaded then (components/decline-dialog.tsx). */
const DeclineDialog = lazy(() => import("../components/decline-dialog"));

/**
 * The first screen waits for the document: drawn whole (lib/first-screen.ts).
 * @public read by app/router.tsx's page(), which the dead-code check cannot follow.
 */
export const loader = ({ params }: LoaderFunctionArgs) =>
  firstScreenLoader(() => [queryClient.prefetchQuery(signingPageQuery(params.token ?? ""))]);

/** /sign/{token}: the public signing page. No session: the token is the only key. */
export default function SigningPage() {
  useNoIndex("Sign rate confirmation");
  const { token = "" } = useParams();
  const page = useSigningPage(token);

  return (
    <div className="min-h-svh bg-muted/40 text-foreground">
      <main className="mx-auto grid max-w-3xl gap-6 px-3 py-6 sm:px-6 sm:py-10">
        {page.data ? (
          <Loaded token={token} page={page.data} />
        ) : page.isPending ? (
          <div className="flex items-center justify-center gap-2 py-20 text-muted-foreground" role="status">
            <Spinner /> Loading the rate confirmation...
          </div>
        ) : (
          <Problem
            title={
              page.error instanceof ApiError && page.error.status === 404
                ? "This link cannot be used"
                : "The rate confirmation could not be loaded"
            }
            message={
              page.error instanceof ApiError && page.error.status !== 0 && page.error.status < 500
                ? page.error.message
                : failureMessage(page.error, "The rate confirmation could not be loaded. Try again later.")
            }
            onRetry={
              page.error instanceof ApiError && page.error.status === 404
                ? undefined
                : () => void page.refetch()
            }
          />
        )}
      </main>
    </div>
  );
}

function Problem({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-lg border bg-card p-8 text-center shadow-sm"
    >
      <FileX className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <p className="max-w-md text-sm text-muted-foreground">
        Ask the sender for a new link if you still need to sign.
      </p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** What the signed banner says of the emailed copy: only what is known to be true. */
function copyText(page: SigningPageData) {
  if (page.mailSent === true) return `A signed copy was sent to ${page.signerEmail}.`;
  if (page.mailSent === false) return "We could not email the signed copy; download it here.";
  return "You can download the signed copy here.";
}

function Loaded({ token, page }: { token: string; page: SigningPageData }) {
  return (
    <>
      {page.state === "signed" ? (
        <Banner
          tone="green"
          icon={<CheckCircle2 className="size-6" aria-hidden />}
          title="Thank you: the rate confirmation is signed"
        >
          <p>
            Signed by {page.signedName} on {dateTime(page.signedAt)}. {copyText(page)}
          </p>
          <Button asChild className="mt-3 w-full sm:w-auto">
            <a href={`/api/public/sign/${encodeURIComponent(token)}/pdf`} download>
              <Download />
              Download signed copy
            </a>
          </Button>
        </Banner>
      ) : page.state === "declined" ? (
        <Banner tone="red" icon={<XCircle className="size-6" aria-hidden />} title="Declined">
          <p>You declined this rate confirmation on {dateTime(page.declinedAt)}. The sender has been told.</p>
        </Banner>
      ) : (
        <p className="text-sm text-muted-foreground">
          {page.document.company.name} asks {page.signerName} to review and sign this rate confirmation. The
          link is valid until {dateTime(page.expiresAt)}.
        </p>
      )}
      <RateConfirmationDocument doc={page.document} />
      {page.state === "open" ? <SignForm token={token} /> : null}
      <p className="break-all text-xs text-muted-foreground">
        Document fingerprint (SHA-256): {page.contentHash}
      </p>
    </>
  );
}

function Banner({
  tone,
  icon,
  title,
  children,
}: {
  tone: "green" | "red";
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  const colors =
    tone === "green"
      ? "border-green-300 bg-green-50 text-green-900 dark:border-green-500/40 dark:bg-green-500/10 dark:text-green-100"
      : "border-red-300 bg-red-50 text-red-900 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-100";
  return (
    <div role="status" className={`flex gap-3 rounded-lg border p-4 ${colors}`}>
      {icon}
      <div className="min-w-0 flex-1">
        <h1 className="font-semibold">{title}</h1>
        {children}
      </div>
    </div>
  );
}

type Errors = Partial<Record<"consent" | "signedName" | "drawnSignature", string>>;

function SignForm({ token }: { token: string }) {
  const sign = useSign(token);
  const id = useId();
  const [consent, setConsent] = useState(false);
  const [signedName, setSignedName] = useState("");
  const [drawn, setDrawn] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [declineOpen, setDeclineOpen] = useState(false);

  const submit = () => {
    setFormError(null);
    const parsed = ZSignRateConfirmation.safeParse({ consent, signedName, drawnSignature: drawn });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    sign.mutate(parsed.data, {
      onSuccess: () => window.scrollTo({ top: 0 }),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0)
          setErrors(error.fields as Errors);
        setFormError(failureMessage(error, "The signature could not be saved. Try again."));
      },
    });
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-5 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-8"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Sign this rate confirmation
      </h2>
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-consent`}
            checked={consent}
            onCheckedChange={(v) => setConsent(v === true)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
            className="mt-0.5"
          />
          <Label htmlFor={`${id}-consent`} className="font-normal leading-snug">
            I agree to do business electronically and to sign this rate confirmation electronically. My
            electronic signature is as binding as a handwritten one.
          </Label>
        </div>
        {errors.consent ? (
          <p id={`${id}-consent-error`} className="text-sm text-destructive">
            {errors.consent}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-signedName`}>Your full name</Label>
        <Input
          id={`${id}-signedName`}
          autoComplete="name"
          value={signedName}
          maxLength={TEXT_LIMITS.name}
          onChange={(e) => setSignedName(e.target.value)}
          aria-invalid={errors.signedName ? true : undefined}
          aria-describedby={errors.signedName ? `${id}-signedName-error` : undefined}
        />
        {errors.signedName ? (
          <p id={`${id}-signedName-error`} className="text-sm text-destructive">
            {errors.signedName}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium" id={`${id}-drawnSignature`} tabIndex={-1}>
          Draw your signature <span className="font-normal text-muted-foreground">(optional)</span>
        </p>
        <SignaturePad onChange={setDrawn} disabled={sign.isPending} />
        {errors.drawnSignature ? <p className="text-sm text-destructive">{errors.drawnSignature}</p> : null}
      </div>
      {formError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm text-destructive"
        >
          {formError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => setDeclineOpen(true)}
          disabled={sign.isPending}
        >
          <XCircle />
          Decline
        </Button>
        <Button type="submit" disabled={sign.isPending}>
          {sign.isPending ? <Spinner /> : <PenLine />}
          Sign
        </Button>
      </div>
      {declineOpen ? (
        <Suspense fallback={null}>
          <DeclineDialog token={token} onClose={() => setDeclineOpen(false)} />
        </Suspense>
      ) : null}
    </form>
  );
}
