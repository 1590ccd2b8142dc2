import { LINE_KIND_LABELS, LINE_KINDS, type LineKind } from "./constants";
import { fromCents, toCents } from "./money";

/** One kind's lines in invoice order, with their subtotal (exact cents, as a decimal string). */
export type LineGroup<L> = { kind: LineKind; label: string; lines: L[]; subtotal: string };

/**
 * An invoice's lines grouped by kind, the groups in LINE_KINDS order (days, mileage, overnight,
 * no-go, detention, other charges, expenses): how the PDF prints them and how reports add them up.
 * Empty groups are left out; the subtotals add up to the invoice's subtotal.
 */
export function groupLinesByKind<L extends { kind: LineKind; charge: string }>(lines: L[]): LineGroup<L>[] {
  return LINE_KINDS.map((kind) => {
    const ofKind = lines.filter((line) => line.kind === kind);
    const cents = ofKind.reduce((sum, line) => sum + toCents(line.charge), 0);
    return { kind, label: LINE_KIND_LABELS[kind], lines: ofKind, subtotal: fromCents(cents) };
  }).filter((group) => group.lines.length > 0);
}
