// The company's PEVOs (the roster and their portal logins, their own profile), the driver's licence
// review columns and where a mail to a PEVO goes under their settings. Their credentials, the
// qualification check and the picker's marks are domain/credentials.
export { certificationExpiriesBetween } from "./certification-expiries";
export { hasPevos } from "./has-pevos";
export { recordLicenceReview } from "./licence-review";
export { countActivePevos, getOwnProfile, pevoStatus, updateOwnProfile } from "./own-profile";
export { pevoMailRecipient } from "./pevo-mail";
export { pevoOfLogin } from "./pevo-of-login";
export { createPevo, deletePevo, getPevo, listPevos, PEVO_NOT_FOUND, updatePevo } from "./pevos";
