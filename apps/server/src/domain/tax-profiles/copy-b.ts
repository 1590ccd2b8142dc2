/** One PEVO's Copy B for a tax year: their row of the year's compensation and the payer's letterhead. */
import { NotFoundError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { getCompanySettings } from "../company";
import { renderCopyB } from "./copy-b-pdf";
import { form1099Rows } from "./form-1099-rows";
import { pevoOf } from "./tax-info";
import { yearSettings } from "./tax-year";

export async function copyBPdf(scope: Scope, input: { year: number; pevoId: string }) {
  const pevo = await pevoOf(scope, input.pevoId);
  const [row] = await form1099Rows(scope, { year: input.year, pevoId: input.pevoId, reportableOnly: false });
  if (!row) throw new NotFoundError(`No nonemployee compensation was paid to ${pevo.name} in ${input.year}`);
  const company = await getCompanySettings(scope);
  const { payerTin } = await yearSettings(scope, input.year);
  const pdf = await renderCopyB(row, {
    year: input.year,
    payer: { name: company.name, address: company.address, phone: company.phone, tin: payerTin },
  });
  return { pdf, pevoName: pevo.name };
}
