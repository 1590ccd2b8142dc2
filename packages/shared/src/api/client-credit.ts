/** GET /api/clients/{id}/credit: the client's unapplied credit and its history (DECISIONS 'Client credit'). */
import { z } from "zod";
import { CLIENT_CREDIT_KINDS, PAYMENT_METHODS } from "../constants";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";

export const ZClientCreditEntry = z.object({
  id: ZId,
  kind: z.enum(CLIENT_CREDIT_KINDS),
  date: ZDay,
  amount: ZDecimal.describe("Signed: positive adds to the credit, negative takes from it"),
  invoiceId: ZId.nullable().describe("The overpaid invoice, or the one the credit was applied to"),
  invoiceNumber: z.string().nullable(),
  creditNoteId: ZId.nullable(),
  method: z.enum(PAYMENT_METHODS).nullable().describe("How a refund was paid"),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: ZTimestamp,
  createdByName: z.string().nullable(),
});
export type TClientCreditEntry = z.output<typeof ZClientCreditEntry>;

export const ZClientCredit = z.object({
  clientId: ZId,
  credit: ZDecimal.describe("Unapplied credit: the sum of the entries, never negative"),
  entries: z.array(ZClientCreditEntry).describe("Newest first, at most 100"),
});
export type TClientCredit = z.output<typeof ZClientCredit>;
