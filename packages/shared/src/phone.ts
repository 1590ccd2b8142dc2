import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { TEXT_LIMITS } from "./limits";
import { plainText, tooLongMessage } from "./schemas/fields";

/**
 * Phone numbers (DECISIONS 'Phone numbers'): parsed with libphonenumber-js and its small "min"
 * metadata, a number without a country code read as US / Canadian (both +1), stored as E.164
 * ("+12145550100"), shown formatted by {@link displayPhone}.
 */
const DEFAULT_COUNTRY = "US" as const;

/**
 * The E.164 form of a typed phone number ("(214) 555-0100" → "+12145550100"; an extension kept as
 * ";ext=12"), or null when it is not one. "Possible" (the right length for its country), not "valid"
 * (an assigned range): the min metadata knows lengths well and ranges roughly, and a made-up
 * 555 number in a demo is still a number.
 */
export function toE164(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text, DEFAULT_COUNTRY);
  if (!parsed?.isPossible()) return null;
  return parsed.ext ? `${parsed.number};ext=${parsed.ext}` : parsed.number;
}

export const phoneMessage = (label: string) =>
  `${label} must be a phone number, e.g. (214) 555-0100 or +44 20 7946 0958`;

/** An optional phone number: empty is null, anything else must parse; stored in E.164. */
export const optionalPhone = (label = "Phone") =>
  z
    .string()
    .trim()
    .max(TEXT_LIMITS.phone, { message: tooLongMessage(label, TEXT_LIMITS.phone) })
    .refine(...plainText(label))
    .refine((v) => v === "" || toE164(v) !== null, { message: phoneMessage(label) })
    .nullish()
    .transform((v) => (v ? toE164(v) : null));

/** A required phone number (`message` when missing or not a number); stored in E.164. */
export const requiredPhone = (message: string, label = "Phone") =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message })
    .max(TEXT_LIMITS.phone, { message: tooLongMessage(label, TEXT_LIMITS.phone) })
    .refine(...plainText(label))
    .refine((v) => toE164(v) !== null, { message })
    .transform((v) => toE164(v) ?? v);
