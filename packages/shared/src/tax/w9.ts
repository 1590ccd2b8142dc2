/**
 * The W-9's facts as constants (DECISIONS 'Year end: W-9 and 1099-NEC'): the federal tax
 * classifications of line 3a, the kinds of TIN, and how a TIN is checked and masked.
 */

/** Form W-9 (Rev. March 2024), line 3a, in its order; an LLC names how it is taxed (C, S or P). */
export const TAX_CLASSIFICATIONS = [
  "individual",
  "c_corporation",
  "s_corporation",
  "partnership",
  "trust_estate",
  "llc_c",
  "llc_s",
  "llc_p",
  "other",
] as const;
export type TaxClassification = (typeof TAX_CLASSIFICATIONS)[number];
export const TAX_CLASSIFICATION_LABELS: Record<TaxClassification, string> = {
  individual: "Individual / sole proprietor",
  c_corporation: "C corporation",
  s_corporation: "S corporation",
  partnership: "Partnership",
  trust_estate: "Trust / estate",
  llc_c: "LLC taxed as a C corporation",
  llc_s: "LLC taxed as an S corporation",
  llc_p: "LLC taxed as a partnership",
  other: "Other",
};

export const TIN_TYPES = ["ssn", "ein"] as const;
export type TinType = (typeof TIN_TYPES)[number];
export const TIN_TYPE_LABELS: Record<TinType, string> = {
  ssn: "SSN (Social Security number)",
  ein: "EIN (Employer Identification Number)",
};

/** The TIN's digits: "123-45-6789", "12-3456789", "123 45 6789" → "123456789"; anything else as typed. */
export const tinDigits = (text: string) => text.trim().replace(/[\s-]/g, "");

/**
 * Why a TIN of this type cannot be, or null when it may. An SSN never has area 000, 666 or 900–999,
 * group 00 or serial 0000 (SSA); an EIN's two-digit prefix is one the IRS assigns (IRS "How EINs are
 * assigned and valid EIN prefixes": never 00, 07–09, 17–19, 28, 29, 49, 69, 70, 78, 79, 89, 96, 97).
 */
export function tinProblem(type: TinType, digits: string): string | null {
  if (!/^\d{9}$/.test(digits)) {
    return type === "ssn"
      ? "SSN must be 9 digits, e.g. 123-45-6789"
      : "EIN must be 9 digits, e.g. 12-3456789";
  }
  if (type === "ssn") {
    const area = digits.slice(0, 3);
    if (area === "000" || area === "666" || area.startsWith("9"))
      return "This is not a valid SSN (its first 3 digits)";
    if (digits.slice(3, 5) === "00") return "This is not a valid SSN (its middle 2 digits)";
    if (digits.slice(5) === "0000") return "This is not a valid SSN (its last 4 digits)";
    return null;
  }
  if (INVALID_EIN_PREFIXES.has(digits.slice(0, 2))) return "This is not a valid EIN (its first 2 digits)";
  return null;
}
const INVALID_EIN_PREFIXES = new Set([
  "00",
  "07",
  "08",
  "09",
  "17",
  "18",
  "19",
  "28",
  "29",
  "49",
  "69",
  "70",
  "78",
  "79",
  "89",
  "96",
  "97",
]);

/** The TIN as everyone sees it: •••-••-1234 (SSN) or ••-•••1234 (EIN), from its last 4 digits. */
export const maskTin = (type: TinType, last4: string) =>
  type === "ssn" ? `•••-••-${last4}` : `••-•••${last4}`;

/** The TIN written out whole (the reveal and the 1099 outputs): 123-45-6789 or 12-3456789. */
export const formatTin = (type: TinType, digits: string) =>
  type === "ssn"
    ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`
    : `${digits.slice(0, 2)}-${digits.slice(2)}`;
