// A PEVO's credentials (state certifications, insurance policies, the escort vehicle; the office's
// review of them and of the driver's licence), the qualification check every assignment runs over
// them, the expiring ones (dashboard card, daily digest) and the durable jobs that remind of them
// (30, 7 and 0 days before, to the PEVO and the office).
export { refuseDeletingProof } from "./credential-proof";
export {
  addCertification,
  addInsurance,
  CREDENTIAL_NOT_FOUND,
  type CredentialActor,
  deleteCredential,
  getCredentials,
  PEVO_NOT_FOUND,
  saveVehicle,
  updateCertification,
  updateInsurance,
} from "./credentials";
export { credentialDigestHandlers } from "./digest";
export {
  CREDENTIALS_DIGEST,
  ensureAllCredentialDigests,
  ensureCredentialDigest,
  nextDigestInstant,
  scheduleAllExpiryReminders,
} from "./digest-schedule";
export { credentialExpiriesBetween, listExpiringCredentials } from "./expiring";
export { pevoQualifications } from "./picker-marks";
export { assertQualified, jobOfRateConfirmation, recordOverrides } from "./qualification";
export { credentialReminderHandlers } from "./reminder-job";
export { reviewCredential, reviewLicence } from "./review";
export { listCredentialsToReview } from "./versions";
