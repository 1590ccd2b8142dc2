/**
 * Strips what people type around an MC number ("MC-100200", "MC 100200", "mc100200") to its digits.
 * Here, not beside the zod field: display helpers stay free of zod for the screens that only print.
 */
export function mcDigits(value: string): string {
  return value.trim().replace(/^MC[\s#:.-]*/i, "");
}

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

/**
 * "Houston, TX" of an address typed as "8800 Jacintoport Blvd, Houston, TX 77015" (the part before
 * "ST 12345"), for a mail or a card that names the place first; the address as typed when it has
 * no such part.
 */
export function cityStateOf(address: string): string {
  const parts = address.split(",").map((p) => p.trim());
  const at = parts.findLastIndex((p) => /^[A-Z]{2}(\s+\d{5}(-\d{4})?)?$/.test(p));
  const city = at > 0 ? parts[at - 1] : undefined;
  const state = parts[at]?.slice(0, 2);
  return city && state ? `${city}, ${state}` : address.trim();
}

/**
 * A stored phone number as shown (DECISIONS 'Phone numbers'): a US / Canadian E.164 number as
 * "(214) 555-0100", another country's as its E.164 "+44…", and a value saved before numbers were
 * parsed as it was typed. Light on purpose (no metadata), so any screen, PDF or email may use it.
 */
export function displayPhone(stored: string | null | undefined): string {
  if (!stored) return "";
  const [number = "", ext] = stored.split(";ext=");
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(number);
  if (!nanp && !/^\+\d+$/.test(number)) {
    // Typed before numbers were parsed: ten US digits formatted, anything else as it was typed.
    const old = /^\D*1?\D*(\d{3})\D*(\d{3})\D*(\d{4})\D*$/.exec(stored);
    return old ? `(${old[1]}) ${old[2]}-${old[3]}` : stored;
  }
  const shown = nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : number;
  return ext ? `${shown} ext. ${ext}` : shown;
}
