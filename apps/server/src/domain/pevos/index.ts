// The company's PEVOs (the roster and their portal logins), the driver's licence review and the
// picker's qualification marks. Their credentials and the qualification check are domain/credentials.
export { licenceReviewOnSave } from "./licence-review";
export { createPevo, deletePevo, getPevo, listPevos, PEVO_NOT_FOUND, updatePevo } from "./pevos";
export { pevoQualifications } from "./qualification";
