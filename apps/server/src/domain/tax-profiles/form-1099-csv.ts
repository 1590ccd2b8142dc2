/**
 * The 1099-NEC CSV (DECISIONS 'Year end: W-9 and 1099-NEC'): one row per recipient in the column
 * layout the 1099 e-file services import (Track1099 / Tax1099 style: recipient, TIN, address, then
 * the form's boxes), money as exact decimals. The one export that carries the TIN whole.
 */
import { formatTin, fromCents, type TinType } from "@pevo/shared";
import type { Form1099Row } from "./form-1099-rows";

export const FORM_1099_CSV_HEADER = [
  "Recipient Name",
  "Recipient Business Name",
  "TIN Type",
  "Recipient TIN",
  "Address",
  "City",
  "State",
  "ZIP",
  "Country",
  "Email",
  "Account Number",
  "Box 1 Nonemployee Compensation",
  "Box 2 Direct Sales $5000+",
  "Box 4 Federal Income Tax Withheld",
  "2nd TIN Notice",
];

const TIN_TYPE_CODES: Record<TinType, string> = { ssn: "SSN", ein: "EIN" };

/** Each row as the CSV's cells, in the header's order. */
export function form1099CsvRows(rows: Form1099Row[]): string[][] {
  return rows.map(({ pevo, taxProfile: p, compensationCents }) => [
    p?.legalName ?? pevo.name,
    p?.businessName ?? "",
    p ? TIN_TYPE_CODES[p.tinType] : "",
    p?.tin ? formatTin(p.tinType, p.tin) : "",
    p?.address ?? "",
    p?.city ?? "",
    p?.state ?? "",
    p?.zip ?? "",
    "US",
    pevo.email ?? "",
    pevo.id,
    fromCents(compensationCents),
    "",
    "0.00",
    "",
  ]);
}
