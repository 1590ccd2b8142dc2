import { z } from "zod";
import { TEXT_LIMITS } from "../limits";
import { boundedText, optionalEmail } from "./fields";

const REMIT_TO_REQUIRED = "Enter the factoring company's remit-to address";
const NAME_REQUIRED = "Enter the factoring company's name";

/**
 * The company's factoring company (Settings → Factoring; DECISIONS 'Quick pay and factoring'): who
 * buys its invoices, where the client pays a factored invoice, the notice of assignment printed on
 * it, and the address the documents go to. All empty: no factor. A name needs its remit-to address.
 */
export const ZFactoringSettings = z
  .object({
    name: boundedText("Factoring company", TEXT_LIMITS.name),
    email: optionalEmail("Please enter a valid email", "Factoring company email"),
    remitTo: boundedText("Remit-to address", TEXT_LIMITS.address, "multi"),
    notice: boundedText("Notice of assignment", TEXT_LIMITS.reason, "multi"),
  })
  .superRefine((f, ctx) => {
    if (f.name && !f.remitTo) ctx.addIssue({ code: "custom", path: ["remitTo"], message: REMIT_TO_REQUIRED });
    if (!f.name && (f.remitTo || f.email || f.notice)) {
      ctx.addIssue({ code: "custom", path: ["name"], message: NAME_REQUIRED });
    }
  });
export type TFactoringSettingsInput = z.input<typeof ZFactoringSettings>;
export type TFactoringSettings = z.output<typeof ZFactoringSettings>;

/** POST /api/invoices/{id}/factoring: mark the invoice factored (assigned to the factor) or not. */
export const ZMarkFactored = z.object({
  factored: z.boolean({ error: "Factored must be on or off" }),
});

/** POST /api/invoices/{id}/send-to-factor: the note above the documents. */
export const ZSendToFactor = z.object({
  message: boundedText("Message", TEXT_LIMITS.longText, "multi"),
});
export type TSendToFactor = z.output<typeof ZSendToFactor>;
