// The company's PEVOs (the roster and their portal logins) and the driver's licence review columns.
// Their credentials, the qualification check and the picker's marks are domain/credentials.
export { licenceReviewOnSave, recordLicenceReview } from "./licence-review";
export { pevoOfLogin } from "./pevo-of-login";
export { createPevo, deletePevo, getPevo, listPevos, PEVO_NOT_FOUND, updatePevo } from "./pevos";
