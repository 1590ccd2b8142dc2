import { safeFileName } from "../../lib/file-name";
import type { Scope } from "../../lib/tenant";
import { companyLogo } from "../company";
import { getRateConfirmation } from "./get-rate-confirmation";
import { renderRateConfirmationPdf } from "./pdf";
import { documentOf } from "./signed-content";

/** The office's PDF of a rate confirmation: the document a client signs, as it reads now. */
export async function rateConfirmationPdf(scope: Scope, id: string) {
  const rc = await getRateConfirmation(scope, id);
  return {
    pdf: await renderRateConfirmationPdf(
      await documentOf(scope.db, scope, rc),
      undefined,
      (await companyLogo(scope.db, scope))?.bytes,
    ),
    fileName: safeFileName(`rate-confirmation-${rc.jobNumber}.pdf`),
  };
}
