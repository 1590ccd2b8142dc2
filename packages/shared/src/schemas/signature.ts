import { z } from "zod";
import { TEXT_LIMITS } from "../limits";
import { plainText, requiredEmail, requiredText, tooLongMessage } from "./fields";

/** The office sends a rate confirmation for signature to one signer. */
export const ZSendForSignature = z.object({
  signerName: requiredText("Enter the signer's name", "Signer name", TEXT_LIMITS.name),
  signerEmail: requiredEmail("Enter the signer's email", "Signer email"),
});
export type TSendForSignature = z.output<typeof ZSendForSignature>;

export const CONSENT_REQUIRED = "Check the box to agree to sign electronically";
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** The client signs: consent to do business electronically, their typed full name, optionally drawn. */
export const ZSignRateConfirmation = z.object({
  consent: z.literal(true, { error: CONSENT_REQUIRED }),
  signedName: requiredText("Type your full name to sign", "Full name", TEXT_LIMITS.name, 2),
  drawnSignature: z
    .string()
    .max(TEXT_LIMITS.drawnSignature, { message: "The drawn signature is too large: clear it and draw again" })
    .regex(PNG_DATA_URL, { message: "The drawn signature is not a PNG image" })
    .nullish()
    .transform((v) => v ?? null),
});
export type TSignRateConfirmation = z.output<typeof ZSignRateConfirmation>;

/** The client declines, with a reason. */
export const ZDeclineRateConfirmation = z.object({
  reason: z
    .string({ error: "Tell the sender why you decline" })
    .trim()
    .min(1, { message: "Tell the sender why you decline" })
    .max(TEXT_LIMITS.reason, { message: tooLongMessage("Reason", TEXT_LIMITS.reason) })
    .refine(...plainText("Reason", "multi")),
});
export type TDeclineRateConfirmation = z.output<typeof ZDeclineRateConfirmation>;
