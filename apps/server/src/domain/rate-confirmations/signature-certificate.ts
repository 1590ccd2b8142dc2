/** The signed copy: the document as signed plus its signature certificate page, as a PDF. */
import { type Executor, signatureRequests } from "@pevo/db";
import { desc, eq } from "drizzle-orm";
import { companyIdOfScopedRow } from "../../lib/company-id";
import { NotFoundError } from "../../lib/domain-errors";
import { safeFileName } from "../../lib/file-name";
import { type CompanyId, scoped } from "../../lib/tenant";
import { companyLogo, companyTimeZone } from "../company";
import { rcHeader } from "./get-rate-confirmation";
import { renderRateConfirmationPdf, type SignatureCertificate } from "./pdf";
import { documentFrom, type RequestRow } from "./signature-requests";

export const NOT_SIGNED = "This rate confirmation has not been signed";

/** The certificate of a signed request: the record and its event history. */
function certificateOf(r: RequestRow, timeZone?: string): SignatureCertificate {
  const events: { at: Date; text: string }[] = [
    { at: r.sentAt, text: `Sent to ${r.signerName} <${r.signerEmail}> for signature` },
  ];
  if (r.remindedAt) events.push({ at: r.remindedAt, text: "Reminder sent" });
  if (r.viewedAt) events.push({ at: r.viewedAt, text: "Opened by the signer" });
  if (r.consentAt) events.push({ at: r.consentAt, text: "Agreed to do business electronically" });
  if (r.signedAt) events.push({ at: r.signedAt, text: `Signed as "${r.signedName}"` });
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    requestId: r.id,
    signerName: r.signerName,
    signerEmail: r.signerEmail,
    signedName: r.signedName ?? "",
    signedAt: r.signedAt ?? new Date(0),
    ip: r.ip,
    userAgent: r.userAgent,
    contentHash: r.contentHash,
    drawnSignature: r.drawnSignature,
    timeZone,
    events,
  };
}

const signedFileName = (jobNumber: string) => safeFileName(`rate-confirmation-${jobNumber}-signed.pdf`);

/** The signed copy: the document as signed, and its signature certificate page (times in UTC and the company's zone). */
export async function signedPdfOf(db: Executor, r: RequestRow) {
  const document = documentFrom(r);
  const company = { companyId: companyIdOfScopedRow(r) };
  const timeZone = await companyTimeZone(db, company);
  const logo = await companyLogo(db, company);
  return {
    pdf: await renderRateConfirmationPdf(document, certificateOf(r, timeZone), logo?.bytes),
    fileName: signedFileName(document.jobNumber),
  };
}

/** The latest signed request of a rate confirmation, as a PDF (404 when none). */
export async function signedPdf(scope: { db: Executor; companyId: CompanyId }, id: string) {
  await rcHeader(scope.db, scope, id);
  const [signed] = await scope.db
    .select()
    .from(signatureRequests)
    .where(
      scoped(
        signatureRequests,
        scope,
        eq(signatureRequests.rateConfirmationId, id),
        eq(signatureRequests.status, "signed"),
      ),
    )
    .orderBy(desc(signatureRequests.signedAt))
    .limit(1);
  if (!signed) throw new NotFoundError(NOT_SIGNED);
  return signedPdfOf(scope.db, signed);
}
