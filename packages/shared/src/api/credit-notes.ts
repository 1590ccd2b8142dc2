import { z } from "zod";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";
import { ZLetterhead } from "./company";
import { ZMailState } from "./mail";
import { idFilterParam, searchParam, ZPageParams } from "./paging";

const ZCreditNoteLineOut = z.object({
  description: z.string(),
  quantity: ZDecimal,
  rate: ZDecimal,
  amount: ZDecimal,
});

/** The money of a credit note: its total, the part applied to the invoice, the part credited to the client. */
const creditNoteMoney = {
  total: ZDecimal,
  applied: ZDecimal.describe("The part applied to the invoice (a payment of method credit_note)"),
  toCredit: ZDecimal.describe("The rest, credited to the client's account"),
};

/** GET /api/credit-notes/{id}: one credit note as the office sees it. */
export const ZCreditNote = z.object({
  id: ZId,
  creditNoteNumber: z.string(),
  date: ZDay,
  reason: z.string(),
  invoice: z.object({ id: ZId, invoiceNumber: z.string() }),
  clientId: ZId.nullable(),
  customerName: z.string().nullable(),
  ...creditNoteMoney,
  lines: z.array(ZCreditNoteLineOut),
  createdAt: ZTimestamp,
  createdByName: z.string().nullable(),
  sentAt: ZTimestamp.nullable(),
  sentTo: z.string().nullable(),
  mail: ZMailState.nullable().describe("Where its latest email stands"),
});
export type TCreditNote = z.output<typeof ZCreditNote>;

export const ZCreditNoteListItem = z.object({
  id: ZId,
  creditNoteNumber: z.string(),
  date: ZDay,
  invoiceId: ZId,
  invoiceNumber: z.string(),
  customerName: z.string().nullable(),
  ...creditNoteMoney,
  sentAt: ZTimestamp.nullable(),
});
export type TCreditNoteListItem = z.output<typeof ZCreditNoteListItem>;

/** GET /api/credit-notes: newest first; searched by credit note or invoice number; one invoice's. */
export const ZCreditNoteListParams = ZPageParams.extend({
  invoiceId: idFilterParam("invoiceId").describe("The credit notes of one invoice"),
  q: searchParam("by credit note or invoice number"),
});
export type TCreditNoteListParams = z.output<typeof ZCreditNoteListParams>;

/** POST /api/credit-notes/{id}/send. */
export const ZCreditNoteSent = z.object({
  sentAt: ZTimestamp,
  sentTo: z.string(),
  mailSent: z.boolean().describe("Whether the email went on its first attempt"),
  mail: ZMailState.nullable(),
});
export type TCreditNoteSent = z.output<typeof ZCreditNoteSent>;

/** What the public credit note page (/cn/{token}) shows: that one credit note and nothing else. */
export const ZPublicCreditNote = z.object({
  company: ZLetterhead.extend({ footer: z.string().nullable() }),
  creditNoteNumber: z.string(),
  date: ZDay,
  invoiceNumber: z.string(),
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  reason: z.string(),
  lines: z.array(ZCreditNoteLineOut),
  ...creditNoteMoney,
});
export type TPublicCreditNote = z.output<typeof ZPublicCreditNote>;
