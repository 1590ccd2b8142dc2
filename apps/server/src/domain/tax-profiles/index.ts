// A PEVO's W-9 on file (the TIN sealed at rest, revealed only on an admin's logged action) and the
// 1099-NEC year end: the settings per tax year, the missing W-9s, the per-PEVO totals (one source:
// compensation.ts) and the two outputs, the CSV and Copy B (DECISIONS 'Year end: W-9 and 1099-NEC').
export { copyBPdf } from "./copy-b";
export { export1099Csv } from "./export-1099";
export { FORM_1099_CSV_HEADER } from "./form-1099-csv";
export { revealTin } from "./reveal-tin";
export { saveTaxProfile } from "./save-tax-profile";
export { getTaxInfo, PEVO_NOT_FOUND } from "./tax-info";
export { missingW9s, saveTaxYearSettings, taxYearOverview, taxYearRecipients } from "./tax-year";
