// The company's PEVOs (the roster and their portal logins), the driver's licence review, the
// picker's qualification marks, and where a mail to a PEVO goes under their settings. Their
// credentials (features/credentials) have not moved here yet.

export { certificationExpiriesBetween } from "./certification-expiries";
export { licenceReviewOnSave } from "./licence-review";
export { pevoMailRecipient } from "./pevo-mail";
export { createPevo, deletePevo, getPevo, listPevos, PEVO_NOT_FOUND, updatePevo } from "./pevos";
export { pevoQualifications } from "./qualification";
