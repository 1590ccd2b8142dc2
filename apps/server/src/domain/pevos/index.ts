// The company's PEVOs (the roster and their portal logins), the driver's licence review and the
// picker's qualification marks. Their credentials (features/credentials) have not moved here yet.
export { licenceReviewOnSave } from "./licence-review";
export { pevoOfLogin } from "./pevo-of-login";
export { createPevo, deletePevo, getPevo, listPevos, PEVO_NOT_FOUND, updatePevo } from "./pevos";
export { pevoQualifications } from "./qualification";
