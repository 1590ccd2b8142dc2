import { pevos } from "@pevo/db";

/** Who the PEVO is and their licence: the columns the office's roster and the PEVO's own profile share. */
export const pevoFacts = {
  id: pevos.id,
  firstName: pevos.firstName,
  lastName: pevos.lastName,
  email: pevos.email,
  phone: pevos.phone,
  licenseNumber: pevos.licenseNumber,
  certificationExpiry: pevos.certificationExpiry,
};
