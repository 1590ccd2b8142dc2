import {
  DEFAULT_PAYMENT_TERMS_DAYS,
  type InvoiceStatus,
  invoiceTotals,
  type LineKind,
  lineCharge,
  POSITION_TYPES,
  positionLabel,
  type SuggestedLine,
  type TClient,
  type TDispatch,
  type TInvoice,
  type TInvoiceData,
} from "@pevo/shared";
import { addDays, format } from "date-fns";
import type { UseFormReturn } from "react-hook-form";
import { parseDate, todayIso } from "@/lib/format";

export type LineItemValues = {
  kind: LineKind;
  date: string;
  location: string;
  mileage: string;
  charge: string;
  /** The job the line bills on a consolidated invoice (kept through an edit; not shown in the form). */
  dispatchId?: string | null;
};

/** What the form holds: plain strings; the shared schema (ZInvoice) turns them into the API's data. */
export type InvoiceFormValues = {
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  status: InvoiceStatus;
  dispatchId: string;
  clientId: string;
  customerName: string;
  customerAddress: string;
  /** The client's purchase order number. */
  poNumber: string;
  pevoName: string;
  pevoPosition: string;
  notes: string;
  /** The office's own memo (never on the PDF or the client's page). */
  memo: string;
  lineItems: LineItemValues[];
  /** "Create a supplementary invoice anyway": the dispatch already has an invoice. */
  allowAdditional: boolean;
};
export type InvoiceForm = UseFormReturn<InvoiceFormValues, unknown, TInvoiceData>;

export type Rates = { minimumDailyRate: string; mileageRate: string };

/** The dispatch as the invoice screens show it, from a dispatch (create) or a stored invoice (edit). */
export type DispatchSummary = {
  id: string;
  /** Job number, route and rates come from the rate confirmation; null without one. */
  jobNumber: string | null;
  driverName: string;
  pickupDate: string;
  originAddress: string | null;
  destinationAddress: string | null;
  standardRates: Rates | null;
};

/** The position labels the PEVO Position select offers (the label text is what the invoice stores). */
export const POSITION_LABELS: string[] = Object.values(POSITION_TYPES);

/** A decimal the shared schema accepts as mileage (up to two places). */
export const isMileage = (value: string) => /^\d{1,10}(\.\d{1,2})?$/.test(value.trim());

/** SPEC §9: the charge of a line is max(minimum daily rate, mileage × mileage rate); empty mileage is 0. */
export function chargeFor(mileage: string, rates: Rates): string | null {
  const text = mileage.trim() === "" ? "0" : mileage.trim();
  return isMileage(text) ? lineCharge(text, rates) : null;
}

/** issue date + payment terms, as YYYY-MM-DD (never shifted by a time zone). */
export function dueDateFor(issueDate: string, paymentTermsDays: number | null | undefined): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(issueDate)) return "";
  return format(addDays(parseDate(issueDate), paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS), "yyyy-MM-dd");
}

/** Choosing a customer fills the address from its address, or failing that its contact person. */
export const customerAddressOf = (client: Pick<TClient, "address" | "contactPerson">) =>
  client.address || client.contactPerson || "";

export function summaryOfDispatch(dispatch: TDispatch): DispatchSummary {
  const rc = dispatch.rateConfirmation;
  const rates = rc?.standardRates;
  return {
    id: dispatch.id,
    jobNumber: rc?.jobNumber ?? null,
    driverName: dispatch.driverName,
    pickupDate: dispatch.pickupDate,
    originAddress: rc?.originAddress ?? null,
    destinationAddress: rc?.destinationAddress ?? null,
    standardRates: rates
      ? { minimumDailyRate: rates.minimumDailyRate, mileageRate: rates.mileageRate }
      : null,
  };
}

export function summaryOfInvoice(invoice: TInvoice): DispatchSummary | null {
  return invoice.dispatch ? { ...invoice.dispatch } : null;
}

/**
 * The label of the position the dispatch fills ('Lead Car'; a custom one by its name); for a
 * dispatch that names none, the position planned for its PEVO on the rate confirmation.
 */
function positionOf(dispatch: TDispatch): string {
  const own = positionLabel(dispatch);
  if (own) return own;
  const positions = dispatch.rateConfirmation?.positions ?? [];
  const position = dispatch.pevoId ? positions.find((p) => p.pevoId === dispatch.pevoId) : undefined;
  if (!position) return "";
  if (position.positionType === "custom") return position.customName || POSITION_TYPES.custom;
  return POSITION_TYPES[position.positionType] ?? "";
}

/** SPEC §9: a new invoice from a dispatch has one line: pickup date, origin, mileage 0, the minimum daily rate. */
export function prefillLine(summary: DispatchSummary): LineItemValues {
  return {
    kind: "day",
    date: summary.pickupDate,
    location: summary.originAddress ?? "",
    mileage: "0",
    charge: summary.standardRates?.minimumDailyRate ?? "0.00",
  };
}

/** The dispatch-derived part of a new invoice: customer, PEVO, position and the first line. */
export function dispatchPrefill(dispatch: TDispatch, clients: TClient[] | undefined) {
  const rc = dispatch.rateConfirmation;
  const client = rc ? clients?.find((c) => c.id === rc.clientId) : undefined;
  const summary = summaryOfDispatch(dispatch);
  return {
    clientId: rc?.clientId ?? "",
    customerName: client?.name ?? rc?.clientName ?? "",
    customerAddress: client ? customerAddressOf(client) : "",
    pevoName: dispatch.pevoName ?? "",
    pevoPosition: positionOf(dispatch),
    lineItems: [prefillLine(summary)],
  } satisfies Partial<InvoiceFormValues>;
}

/** SPEC §9 defaults: the next free INV-YYYY-NNNN number (from the server), issued today, due after the payment terms, draft. */
export function newInvoiceValues({
  invoiceNumber = "",
  paymentTermsDays,
  dispatch,
  clients,
}: {
  invoiceNumber?: string;
  paymentTermsDays?: number | null;
  dispatch?: TDispatch | null;
  clients?: TClient[];
}): InvoiceFormValues {
  const issueDate = todayIso();
  return {
    invoiceNumber,
    issueDate,
    dueDate: dueDateFor(issueDate, paymentTermsDays),
    status: "draft",
    dispatchId: dispatch?.id ?? "",
    clientId: "",
    customerName: "",
    customerAddress: "",
    poNumber: "",
    pevoName: "",
    pevoPosition: "",
    notes: "",
    memo: "",
    lineItems: [],
    allowAdditional: false,
    ...(dispatch ? dispatchPrefill(dispatch, clients) : {}),
  };
}

export function invoiceValues(invoice: TInvoice): InvoiceFormValues {
  return {
    invoiceNumber: invoice.invoiceNumber,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    dispatchId: invoice.dispatchId,
    clientId: invoice.clientId ?? "",
    customerName: invoice.customerName ?? "",
    customerAddress: invoice.customerAddress ?? "",
    poNumber: invoice.poNumber ?? "",
    pevoName: invoice.pevoName ?? "",
    pevoPosition: invoice.pevoPosition ?? "",
    notes: invoice.notes ?? "",
    memo: invoice.memo ?? "",
    lineItems: invoice.lineItems.map((line) => ({
      kind: line.kind,
      date: line.date,
      location: line.location,
      mileage: line.mileage,
      charge: line.charge,
      dispatchId: line.dispatchId,
    })),
    allowAdditional: false,
  };
}

const sameLine = (a: LineItemValues, b: LineItemValues) =>
  a.date === b.date &&
  a.location.trim() === b.location.trim() &&
  Number(a.mileage || 0) === Number(b.mileage || 0) &&
  Number(a.charge || 0) === Number(b.charge || 0);

/** A line nobody has filled in or changed: a blank row, or the untouched line prefilled from the dispatch. */
export function isPlaceholderLine(line: LineItemValues, summary: DispatchSummary | null) {
  if (line.location.trim() === "" && Number(line.mileage || 0) === 0) return true;
  return summary ? sameLine(line, prefillLine(summary)) : false;
}

/** A suggested line the invoice already has (same kind, day, text and charge): offered unticked. */
export function isOnInvoice(line: SuggestedLine, lines: LineItemValues[]) {
  return lines.some(
    (l) =>
      l.kind === line.kind &&
      l.date === line.date &&
      l.location.trim() === line.location &&
      Number(l.charge || 0) === Number(line.charge),
  );
}

/** The totals the form shows while editing: the server's own math, at the given rate (%). */
export function previewTotals(lines: (Partial<LineItemValues> | undefined)[], taxRate: string) {
  // A discount takes money off whichever sign was typed, as the shared schema stores it.
  return invoiceTotals(
    lines.map((line) =>
      line?.kind === "discount" && line.charge ? `-${line.charge.trim().replace(/^-/, "")}` : line?.charge,
    ),
    taxRate,
  );
}
