import { mcDigits } from "./schemas/fields";

/**
 * "MC 100200" for printing a company's or client's MC number. New values are stored as digits;
 * older ones may still carry a prefix ("MC-100200"), which is dropped here so it never doubles.
 */
export function formatMcNumber(value: string | null | undefined): string | null {
  const digits = value ? mcDigits(value) : "";
  return digits ? `MC ${digits}` : null;
}

/** "DOT 3000100" for printing a USDOT number (a stray "DOT" prefix of an older value is dropped). */
export function formatDotNumber(value: string | null | undefined): string | null {
  const digits = value ? value.trim().replace(/^(US)?DOT[\s#:.-]*/i, "") : "";
  return digits ? `DOT ${digits}` : null;
}
