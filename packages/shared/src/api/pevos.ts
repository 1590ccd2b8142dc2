import { z } from "zod";
import { PEVO_STATUSES, US_STATES } from "../constants";
import type { TPevo } from "../schemas/pevo";
import type { Assert, Same } from "./check";
import { ZDay, ZId, ZTimestamp } from "./common";

/** A PEVO of the roster (list, read, update). */
export const ZPevoResponse = z.object({
  id: ZId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  certificationExpiry: ZDay.nullable(),
  states: z.array(z.enum(US_STATES)),
  status: z.enum(PEVO_STATUSES),
  hasLogin: z.boolean().describe("Whether the PEVO has a portal login"),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
type _Pevo = Assert<Same<z.output<typeof ZPevoResponse>, TPevo>>;

/** POST /api/pevos: the new PEVO, and whether the invitation email went out. */
export const ZPevoCreatedResponse = ZPevoResponse.extend({ invitationSent: z.boolean() });

/** GET /api/pevos/active: the pickers' list. */
export const ZActivePevoResponse = z.object({
  id: ZId,
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(PEVO_STATUSES),
});
