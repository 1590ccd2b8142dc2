// The company's rate confirmations (the jobs a client books: rates, positions, load details and
// permits) with their e-signature: the office's commands and reads, the signer's token commands,
// the signature jobs, and the dashboard's pending signatures.
export { setRateConfirmationCanceled } from "./cancel-rate-confirmation";
export { deleteRateConfirmation } from "./delete-rate-confirmation";
export { rateConfirmationPdf } from "./document-pdf";
export { getRateConfirmation, RC_NOT_FOUND } from "./get-rate-confirmation";
export { hasRateConfirmations } from "./has-rate-confirmations";
export { listRateConfirmations, nextJobNumber } from "./list-rate-confirmations";
export { countPendingSignatures } from "./pending-signatures";
export {
  createRateConfirmation,
  duplicateRateConfirmation,
  updateRateConfirmation,
} from "./save-rate-confirmation";
export { cancelSignatureRequest, NO_OPEN_REQUEST, sendForSignature } from "./send-for-signature";
export {
  ALREADY_CLOSED,
  declineByToken,
  LINK_MESSAGES,
  openSigningPage,
  signByToken,
  signedPdfByToken,
} from "./sign-with-token";
export { signedPdf } from "./signature-certificate";
export { signatureJobHandlers } from "./signature-jobs";
export { getSignature } from "./signature-requests";
export { documentOf, serialize, sha256 } from "./signed-content";
