import { z } from "zod";
import { mcDigits } from "../display";
import { DATE_LIMITS, TEXT_LIMITS } from "../limits";

/** The one wording of a too-long text: "Last name must be at most 100 characters". */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * What a text field may hold besides printable text. A single-line field (a name, a number, a
 * phone) allows no control character at all; a multi-line one (notes, addresses, descriptions,
 * reasons: a textarea in the app) allows tab, line feed and carriage return. Everything else of
 * Unicode's Cc category (U+0000–U+001F, U+007F–U+009F) is refused: a NUL cannot be stored by
 * PostgreSQL at all, and the others have no business in a name or on a printed invoice.
 */
export type TextLines = "single" | "multi";

const CONTROL = { single: /\p{Cc}/u, multi: /(?![\t\n\r])\p{Cc}/u } as const;

/** Whether `text` holds a control character a field of this kind refuses. */
export const hasControlCharacter = (text: string, lines: TextLines) => CONTROL[lines].test(text);

/** The one wording of a refused control character, per kind of field. */
export const controlCharacterMessage = (label: string, lines: TextLines) =>
  lines === "single"
    ? `${label} must be one line of text, without control characters`
    : `${label} must not contain control characters (only tabs and line breaks)`;

/**
 * The refinement every text field of the shared schemas carries (boundedText and requiredText
 * apply it; a hand-built string field spreads it: `.refine(...plainText("Reason", "multi"))`).
 */
export const plainText = (label: string, lines: TextLines = "single") =>
  [
    (v: string) => !hasControlCharacter(v, lines),
    { message: controlCharacterMessage(label, lines) },
  ] as const;

/**
 * Optional free text of at most `max` characters: trims, and stores an empty string as null.
 * `lines`: "multi" for a textarea's text (see {@link TextLines}).
 */
export const boundedText = (label: string, max: number, lines: TextLines = "single") =>
  z
    .string()
    .trim()
    .max(max, { message: tooLongMessage(label, max) })
    .refine(...plainText(label, lines))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Required text: `message` when missing or shorter than `min` (the spec's wording), and
 * "{label} must be at most {max} characters" when longer than `max`.
 */
export const requiredText = (
  message: string,
  label: string,
  max: number,
  min = 1,
  lines: TextLines = "single",
) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { message })
    .max(max, { message: tooLongMessage(label, max) })
    .refine(...plainText(label, lines));

/** The one wording of a document number holding another character. */
export const documentNumberMessage = (label: string) => `${label} may contain only letters, digits and - / .`;

/**
 * A document number a user types (an invoice number, a rate confirmation's job number): ASCII
 * letters, digits and - / . only, at most TEXT_LIMITS.code characters. It is printed on PDFs in the
 * embedded font and names their files ("invoice-INV-2026-0001.pdf"), so nothing the font cannot draw
 * or a file name cannot hold (DECISIONS 'Document numbers').
 */
export const documentNumber = (message: string, label: string) =>
  requiredText(message, label, TEXT_LIMITS.code).refine((v) => /^[A-Za-z0-9./-]*$/.test(v), {
    message: documentNumberMessage(label),
  });

/** A required email address (trimmed, lower-cased), at most TEXT_LIMITS.email characters. */
export const requiredEmail = (message = "Please enter a valid email", label = "Email") =>
  z
    .string({ error: message })
    .trim()
    .max(TEXT_LIMITS.email, { message: tooLongMessage(label, TEXT_LIMITS.email) })
    .pipe(z.email({ message }));

/** Accepts "", null, a missing key or a valid address (SPEC §5: 'may be empty or null'). */
export const optionalEmail = (message = "Please enter a valid email", label = "Email") =>
  z
    .string({ error: message })
    .trim()
    .max(TEXT_LIMITS.email, { message: tooLongMessage(label, TEXT_LIMITS.email) })
    .refine((v) => v === "" || z.email().safeParse(v).success, { message })
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null));

/** Optional MC number: digits, with an optional "MC" prefix that is dropped; stored as digits only. */
export const mcNumber = (label = "MC number") =>
  z
    .string()
    .trim()
    .max(TEXT_LIMITS.code, { message: tooLongMessage(label, TEXT_LIMITS.code) })
    .transform(mcDigits)
    .refine((v) => /^\d*$/.test(v), { message: `${label} must be digits, e.g. 100200 or MC-100200` })
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional USDOT number: digits only. */
export const dotNumber = (label = "DOT number") =>
  z
    .string()
    .trim()
    .max(TEXT_LIMITS.code, { message: tooLongMessage(label, TEXT_LIMITS.code) })
    .refine((v) => /^\d*$/.test(v), { message: `${label} must be digits only` })
    .nullish()
    .transform((v) => (v ? v : null));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date (not 2025-02-30) as YYYY-MM-DD: never a Date, so it cannot shift with a time zone. */
export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(ISO_DATE, { message })
    .refine(
      (v) => {
        const date = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
      },
      { message },
    );

/**
 * Today's calendar date (UTC) as YYYY-MM-DD, read when called: the same on the server and in any
 * browser whatever its time zone (a bound years away does not care about a day at the edge).
 */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `date` (YYYY-MM-DD) plus whole years, as YYYY-MM-DD text (Feb 29 stays Feb 29: text compares fine). */
export function addYearsIso(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) + years).padStart(4, "0")}${date.slice(4)}`;
}

/** The latest accepted day `yearsAhead` years from today, computed at validation time. */
export const latestDate = (yearsAhead: number) => addYearsIso(todayIso(), yearsAhead);

/** "Jan 01, 2000" for a message (SPEC §9 date style), from YYYY-MM-DD text without a Date. */
export function messageDate(iso: string): string {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${months[Number(iso.slice(5, 7)) - 1]} ${iso.slice(8, 10)}, ${iso.slice(0, 4)}`;
}

export const tooEarlyMessage = (label: string, earliest: string = DATE_LIMITS.earliest) =>
  `${label} must be on or after ${messageDate(earliest)}`;
export const tooLateMessage = (label: string, yearsAhead: number) =>
  `${label} must be at most ${yearsAhead} years from today`;

type DateWindow = {
  /** The first accepted day (default DATE_LIMITS.earliest). */
  earliest?: string;
  /** Message for a day before `earliest` (default "{label} must be on or after Jan 01, 2000"). */
  earliestMessage?: string;
  /** Years ahead of today (default DATE_LIMITS.yearsAhead). */
  yearsAhead?: number;
};

/**
 * A required calendar date in a plausible window: from `earliest` to `yearsAhead` years from today
 * (today read at validation time). `message` when missing or not a date.
 */
export const dateInWindow = (message: string, label: string, window: DateWindow = {}) => {
  const earliest = window.earliest ?? DATE_LIMITS.earliest;
  const yearsAhead = window.yearsAhead ?? DATE_LIMITS.yearsAhead;
  return isoDate(message)
    .refine((v) => v >= earliest, { message: window.earliestMessage ?? tooEarlyMessage(label, earliest) })
    .refine((v) => v <= latestDate(yearsAhead), { message: tooLateMessage(label, yearsAhead) });
};

/** An optional calendar date ("" and null mean none) in a plausible window, see {@link dateInWindow}. */
export const optionalDateInWindow = (message: string, label: string, window: DateWindow = {}) =>
  z
    .union([z.literal(""), dateInWindow(message, label, window)])
    .nullish()
    .transform((v) => (v ? v : null));

/** An expiry date (certifications, licences): up to DATE_LIMITS.expiryYearsAhead years ahead. */
export const optionalExpiryDate = (message: string, label: string) =>
  optionalDateInWindow(message, label, { yearsAhead: DATE_LIMITS.expiryYearsAhead });

/**
 * The `maxLength` of a text field of a form schema, for the input's attribute: follows objects,
 * arrays (numeric path segments), optional / nullable / default wrappers, pipes and unions.
 */
export function maxLengthOf(schema: z.ZodType, path: string): number | undefined {
  let current: z.ZodType | undefined = schema;
  for (const segment of path.split(".")) {
    current = descend(current, segment);
    if (!current) return undefined;
  }
  return stringMax(current);
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function unwrapped(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 20; depth++) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === "pipe")
      current = defOf(def.in as z.ZodType).type === "transform" ? def.out : def.in;
    else return current;
  }
  return current;
}

function descend(schema: z.ZodType | undefined, segment: string): z.ZodType | undefined {
  const inner = unwrapped(schema);
  if (!inner) return undefined;
  const def = defOf(inner);
  if (def.type === "object") return (inner as z.ZodObject).shape[segment] as z.ZodType | undefined;
  if (def.type === "array" && /^\d+$/.test(segment)) return def.element;
  if (def.type === "union" || def.type === "intersection") {
    for (const option of def.options ?? [def.left, def.right]) {
      const found = descend(option, segment);
      if (found) return found;
    }
  }
  return undefined;
}

function stringMax(schema: z.ZodType | undefined): number | undefined {
  const inner = unwrapped(schema);
  if (!inner) return undefined;
  const def = defOf(inner);
  if (def.type === "string") return (inner as z.ZodString).maxLength ?? undefined;
  if (def.type === "union") {
    const maxima = (def.options ?? []).map(stringMax).filter((m): m is number => m !== undefined);
    return maxima.length ? Math.max(...maxima) : undefined;
  }
  return undefined;
}
