/**
 * The accounting exports (DECISIONS 'Invoices', Exports): payments received in a date range, and invoices in the
 * CSV QuickBooks Online's invoice import accepts (one row per line; QuickBooks groups the rows of
 * one InvoiceNo into one invoice; dates MM/DD/YYYY as a US company reads them). Money goes out as
 * the exact decimal text of the database.
 */
import {
  fromCents,
  LINE_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  type TPaymentsExportParams,
  type TQuickBooksExportParams,
  type TQuickBooksRangeParams,
  toCents,
} from "@pevo/shared";
import { creditNotesInRange, type ExportedCreditNoteLine } from "../../domain/credit-notes";
import { type ExportedLine, invoicesIssuedInRange, paymentsInRange } from "../../domain/invoices";
import type { CsvValue } from "../../http/csv";
import type { Scope } from "../../lib/tenant";

/**
 * Each payment of the range, oldest first: Date, Invoice Number, Client, Amount (money received, the
 * part kept as client credit included), Method, …, Kept as Client Credit (DECISIONS 'Client credit').
 */
export async function* exportPayments(
  scope: Scope,
  params: TPaymentsExportParams,
): AsyncGenerator<CsvValue[]> {
  const rows = paymentsInRange(scope, params);
  for await (const p of rows) {
    yield [
      p.date,
      p.invoiceNumber,
      p.client,
      fromCents(p.amountCents + p.creditCents),
      PAYMENT_METHOD_LABELS[p.method],
      p.reference ?? "",
      p.note ?? "",
      p.createdAt.toISOString(),
      fromCents(p.creditCents),
    ];
  }
}

const QUICKBOOKS_TAX_ITEM = "Sales Tax";

/** QuickBooks Online's default payment terms: another number of days leaves Terms empty. */
const QUICKBOOKS_TERMS: Record<number, string> = {
  0: "Due on receipt",
  15: "Net 15",
  30: "Net 30",
  60: "Net 60",
};

/** "2025-03-01" → "03/01/2025": the date format of a US QuickBooks Online company. */
const quickBooksDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * The Product/Service a line is billed as (QuickBooks creates one per new name): the line kind's
 * shared label, as the PDF groups it; a custom line suggested from a custom rate ("Permit fee
 * ($75.00)") is billed as that rate. A colon would make a QuickBooks sub-item ("Parent:Child"):
 * it becomes a dash.
 */
function quickBooksItem(line: ExportedLine, customRateNames: string[]) {
  const rate =
    line.kind === "custom"
      ? customRateNames.find((name) => line.location === name || line.location.startsWith(`${name} (`))
      : undefined;
  return (rate ?? LINE_KIND_LABELS[line.kind]).replace(/\s*:\s*/g, " - ");
}

/** "612.00" → "612", "12.50" → "12.5": a quantity as QuickBooks shows it. */
const quantityText = (decimal: string) => decimal.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

/**
 * A line's ItemQuantity and ItemRate. A mileage line is its miles × the rate per mile (612 × 1.85),
 * as the client's rate confirmation priced it, when that product equals the line's charge to the
 * cent. Otherwise (another kind, no miles, or a charge that is not miles × a whole-cent rate, e.g. a
 * mileage minimum or a rounded total) it is 1 × the charge: QuickBooks recomputes Amount from
 * Quantity × Rate, so an inexact rate would change the invoice's total.
 */
function quickBooksQuantity(line: ExportedLine): [quantity: string | number, rate: string] {
  const hundredthsOfMiles = toCents(line.mileage);
  const charge = toCents(line.charge);
  if (line.kind === "mileage" && hundredthsOfMiles > 0 && (charge * 100) % hundredthsOfMiles === 0) {
    return [quantityText(line.mileage), fromCents((charge * 100) / hundredthsOfMiles)];
  }
  return [1, line.charge];
}

/**
 * Every line of the invoices issued in the range (sent or later: a draft is not billed yet, a void
 * one never), by issue date and number. A tax is one more line ("Sales Tax"), so that the rows of
 * an invoice add up to its total exactly.
 */
export async function* exportQuickBooks(
  scope: Scope,
  params: TQuickBooksExportParams,
): AsyncGenerator<CsvValue[]> {
  const rows = invoicesIssuedInRange(scope, params);
  for await (const inv of rows) {
    const head = [
      inv.invoiceNumber,
      inv.customer,
      quickBooksDate(inv.issueDate),
      quickBooksDate(inv.dueDate),
      QUICKBOOKS_TERMS[inv.termDays] ?? "",
    ];
    // A discount is a line of its own (Product/Service "Discount", 1 × the negative amount): QuickBooks
    // Online's invoice import has no discount column, and takes a negative amount on a service line.
    for (const line of inv.lines) {
      const miles = Number(line.mileage) > 0 ? ` (${line.mileage} mi)` : "";
      const description = `${quickBooksDate(line.date)} ${line.location}${miles}`;
      const item = quickBooksItem(line, inv.customRateNames);
      yield [...head, item, description, ...quickBooksQuantity(line), line.charge];
    }
    if (Number(inv.tax) !== 0) yield [...head, QUICKBOOKS_TAX_ITEM, "Sales tax", 1, inv.tax, inv.tax];
  }
}

/** The Product/Service every credit memo line is booked to (QuickBooks creates it on first import). */
const QUICKBOOKS_CREDIT_ITEM = "Credit note";

/**
 * A credit note line's ItemQuantity and ItemRate: its quantity × rate when that product is its amount
 * to the cent; otherwise (a rate × quantity the server rounded half up, e.g. 1.5 × $0.03) 1 × the
 * amount, since QuickBooks recomputes Amount from Quantity × Rate and the memo's total must stay exact.
 */
function creditLineQuantity(line: ExportedCreditNoteLine): [quantity: string | number, rate: string] {
  const hundredths = toCents(line.quantity);
  if (hundredths * line.rateCents === line.amountCents * 100) {
    return [quantityText(line.quantity), fromCents(line.rateCents)];
  }
  return [1, fromCents(line.amountCents)];
}

/**
 * Every line of the credit notes dated in the range, as QuickBooks Online credit memos: one row per
 * line, grouped by CreditMemoNo; amounts are positive (a credit memo's lines are credits by kind),
 * and the Memo names the invoice it corrects and the reason. The rows of a memo add up to its total.
 */
export async function* exportQuickBooksCreditMemos(
  scope: Scope,
  params: TQuickBooksRangeParams,
): AsyncGenerator<CsvValue[]> {
  for await (const note of creditNotesInRange(scope, params)) {
    const memo = `Credit for invoice ${note.invoiceNumber}: ${note.reason}`;
    for (const line of note.lines) {
      yield [
        note.creditNoteNumber,
        note.customer,
        quickBooksDate(note.date),
        QUICKBOOKS_CREDIT_ITEM,
        line.description,
        ...creditLineQuantity(line),
        fromCents(line.amountCents),
        memo,
      ];
    }
  }
}

/**
 * Each payment received in the range, as QuickBooks Online received payments: the customer the
 * invoice export bills, the invoice it pays, and the amount received (the part kept as client credit
 * included: QuickBooks applies a payment up to the invoice's balance and keeps the rest as the
 * customer's credit, as this product does). A credit note's applied part and client credit applied
 * to an invoice are no new money and stay out (the credit memo export carries the credit notes).
 */
export async function* exportQuickBooksPayments(
  scope: Scope,
  params: TQuickBooksRangeParams,
): AsyncGenerator<CsvValue[]> {
  for await (const p of paymentsInRange(scope, params)) {
    yield [
      quickBooksDate(p.date),
      p.billedCustomer,
      PAYMENT_METHOD_LABELS[p.method],
      p.reference ?? "",
      p.invoiceNumber,
      fromCents(p.amountCents + p.creditCents),
      p.note ?? "",
    ];
  }
}
