import {
  DISPATCH_STATUS_LABELS,
  type DispatchStatus,
  INVOICE_STATUS_LABELS,
  type InvoiceFilterStatus,
  SIGNATURE_STATE_LABELS,
  type SignatureState,
} from "@pevo/shared";
import { Badge } from "@/components/ui/badge";

type Tone = "gray" | "yellow" | "blue" | "green" | "red";

/** Dispatch badge colours (SPEC §4, DECISIONS 'Dispatches'). */
const DISPATCH: Record<DispatchStatus, { tone: Tone; label: string }> = {
  pending: { tone: "yellow", label: DISPATCH_STATUS_LABELS.pending },
  dispatched: { tone: "blue", label: DISPATCH_STATUS_LABELS.dispatched },
  completed: { tone: "green", label: DISPATCH_STATUS_LABELS.completed },
  canceled: { tone: "red", label: DISPATCH_STATUS_LABELS.canceled },
};

/**
 * Invoice badge colours (SPEC §4: paid green, draft grey, sent blue, overdue red; DECISIONS adds
 * viewed blue, partially paid yellow, void grey). Overdue is computed: shown beside the status.
 */
const INVOICE: Record<InvoiceFilterStatus, { tone: Tone; label: string }> = {
  draft: { tone: "gray", label: INVOICE_STATUS_LABELS.draft },
  sent: { tone: "blue", label: INVOICE_STATUS_LABELS.sent },
  viewed: { tone: "blue", label: INVOICE_STATUS_LABELS.viewed },
  partially_paid: { tone: "yellow", label: INVOICE_STATUS_LABELS.partially_paid },
  paid: { tone: "green", label: INVOICE_STATUS_LABELS.paid },
  void: { tone: "gray", label: INVOICE_STATUS_LABELS.void },
  overdue: { tone: "red", label: INVOICE_STATUS_LABELS.overdue },
};

/** Signature state colours (SPEC §4: awaiting = yellow, signed = green, declined / expired = red). */
const SIGNATURE: Record<SignatureState, { tone: Tone; label: string }> = {
  not_sent: { tone: "gray", label: SIGNATURE_STATE_LABELS.not_sent },
  awaiting_signature: { tone: "yellow", label: SIGNATURE_STATE_LABELS.awaiting_signature },
  viewed: { tone: "blue", label: SIGNATURE_STATE_LABELS.viewed },
  signed: { tone: "green", label: SIGNATURE_STATE_LABELS.signed },
  declined: { tone: "red", label: SIGNATURE_STATE_LABELS.declined },
  expired: { tone: "red", label: SIGNATURE_STATE_LABELS.expired },
};

/**
 * An activity event's badge: only where it says something true that stays true, a thing that went
 * wrong (DECISIONS 'Activity badges'). SPEC §3's sample badges (success = Completed, error = Failed)
 * put "Completed" on every event, "invoice opened" included, "Failed" on a PEVO's problem report or a
 * deletion, and "Pending" on a request that is long answered; so a done event has none.
 */
export function activityBadge(type: string, status: string): { tone: Tone; label: string } | null {
  if (status !== "error") return null;
  switch (type) {
    // A PEVO's job step stored as an error is a problem report (domain/dispatches/lifecycle.ts).
    case "dispatch_step":
      return { tone: "red", label: "Problem" };
    case "dispatch_declined":
    case "signature_declined":
      return { tone: "red", label: "Declined" };
    case "signature_expired":
      return { tone: "red", label: "Expired" };
    default:
      return null;
  }
}

/** 'some_value' -> 'Some value', for a status this build does not know yet. */
const humanize = (value: string) => {
  const text = value.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function pick<K extends string>(table: Record<K, { tone: Tone; label: string }>, status: string) {
  return (
    (table as Record<string, { tone: Tone; label: string } | undefined>)[status] ?? {
      tone: "gray" as const,
      label: humanize(status),
    }
  );
}

export function DispatchStatusBadge({ status, className }: { status: string; className?: string }) {
  const { tone, label } = pick(DISPATCH, status);
  return (
    <Badge variant={tone} className={className}>
      {label}
    </Badge>
  );
}

export function InvoiceStatusBadge({ status, className }: { status: string; className?: string }) {
  const { tone, label } = pick(INVOICE, status);
  return (
    <Badge variant={tone} className={className}>
      {label}
    </Badge>
  );
}

export function ActivityBadge({
  type,
  status,
  className,
}: {
  type: string;
  status: string;
  className?: string;
}) {
  const badge = activityBadge(type, status);
  return badge ? (
    <Badge variant={badge.tone} className={className}>
      {badge.label}
    </Badge>
  ) : null;
}

/**
 * The badges a client sees on the public invoice page: only what concerns them (DECISIONS 'Invoice
 * link'). An open invoice reads "Due", or "Overdue" once past its due date; the office's "Sent" and
 * "Viewed" are its own bookkeeping. "Partially paid" (with "Overdue" when past due), "Paid", "Void".
 */
export function clientInvoiceBadges(status: string, overdue: boolean): { tone: Tone; label: string }[] {
  const late = { tone: "red" as const, label: INVOICE_STATUS_LABELS.overdue };
  switch (status) {
    case "paid":
    case "void":
      return [pick(INVOICE, status)];
    case "partially_paid":
      return overdue ? [pick(INVOICE, status), late] : [pick(INVOICE, status)];
    default:
      return [overdue ? late : { tone: "blue", label: "Due" }];
  }
}

export function ClientInvoiceStatusBadges({ status, overdue }: { status: string; overdue: boolean }) {
  return clientInvoiceBadges(status, overdue).map(({ tone, label }) => (
    <Badge key={label} variant={tone}>
      {label}
    </Badge>
  ));
}

export function SignatureStatusBadge({ status, className }: { status: string; className?: string }) {
  const { tone, label } = pick(SIGNATURE, status);
  return (
    <Badge variant={tone} className={className}>
      {label}
    </Badge>
  );
}
