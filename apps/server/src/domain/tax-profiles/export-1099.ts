/**
 * The 1099-NEC CSV's rows for a tax year: the recipients at or above the year's threshold with their
 * TINs opened, and an activity event saying who exported it (the one export carrying TINs whole).
 */
import type { Scope } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { form1099CsvRows } from "./form-1099-csv";
import { form1099Rows } from "./form-1099-rows";

export async function export1099Csv(scope: Scope, input: { year: number; tinKey: Buffer }) {
  const rows = await form1099Rows(scope, { year: input.year, tinKey: input.tinKey, reportableOnly: true });
  await recordActivity(scope.db, scope, {
    actorId: scope.userId,
    type: "form_1099_exported",
    message: `1099-NEC CSV for ${input.year} exported (${rows.length} recipient${rows.length === 1 ? "" : "s"})`,
  });
  return form1099CsvRows(rows);
}
