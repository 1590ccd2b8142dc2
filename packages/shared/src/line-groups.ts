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

/** One job's lines on a consolidated invoice (job null: lines that name none of its jobs). */
export type JobGroup<J, L> = { job: J | null; lines: L[]; subtotal: string };

/**
 * A consolidated invoice's lines grouped by job (DECISIONS 'Consolidated invoices'), the groups in
 * the invoice's job order, lines in invoice order, then the lines of no job ("Other charges").
 * Empty groups are left out; the subtotals add up to the invoice's subtotal.
 */
export function groupLinesByJob<
  J extends { dispatchId: string },
  L extends { dispatchId?: string | null; charge: string },
>(jobs: J[], lines: L[]): JobGroup<J, L>[] {
  const known = new Set(jobs.map((job) => job.dispatchId));
  const groups: JobGroup<J, L>[] = [
    ...jobs.map((job) => ({ job, lines: lines.filter((line) => line.dispatchId === job.dispatchId) })),
    { job: null, lines: lines.filter((line) => !line.dispatchId || !known.has(line.dispatchId)) },
  ].map((group) => ({
    ...group,
    subtotal: fromCents(group.lines.reduce((sum, line) => sum + toCents(line.charge), 0)),
  }));
  return groups.filter((group) => group.lines.length > 0);
}
