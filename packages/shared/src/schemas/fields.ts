import { z } from "zod";

/** Optional free text: trims, and stores an empty string as null. */
export const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

/** Accepts "", null, a missing key or a valid address (SPEC §5: 'may be empty or null'). */
export const optionalEmail = (message = "Please enter a valid email") =>
  z
    .union([z.literal(""), z.string().trim().pipe(z.email({ message }))])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null));

/** A real calendar date (not 2025-02-30) as YYYY-MM-DD: never a Date, so it cannot shift with a time zone. */
export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message })
    .refine(
      (v) => {
        const date = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
      },
      { message },
    );
