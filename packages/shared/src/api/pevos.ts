import { z } from "zod";
import { PEVO_STATUSES } from "../constants";
import type { TPevo } from "../schemas/pevo";
import type { Assert, Same } from "./check";
import { ZDay, ZId, ZTimestamp } from "./common";
import { ZMailState } from "./mail";
import { searchParam, sortParams, ZPageParams } from "./paging";

/** A PEVO of the roster (list, read, update). */
export const ZPevoResponse = z.object({
  id: ZId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  certificationExpiry: ZDay.nullable().describe("The driver's licence expiry"),
  status: z.enum(PEVO_STATUSES),
  hasLogin: z.boolean().describe("Whether the PEVO has a portal login"),
  invitationMail: ZMailState.nullable().describe(
    "Where the invitation email to set a password stands (null without a login or an invitation)",
  ),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
type _Pevo = Assert<Same<z.output<typeof ZPevoResponse>, TPevo>>;

/** POST /api/pevos: the new PEVO, and whether the invitation email went out. */
export const ZPevoCreatedResponse = ZPevoResponse.extend({ invitationSent: z.boolean() });

/** The PEVO list's sortable columns (GET /api/pevos?sort=); lastName sorts by last, then first name. */
export const PEVO_SORTS = [
  "lastName",
  "email",
  "phone",
  "licenseNumber",
  "certificationExpiry",
  "status",
  "createdAt",
] as const;
export type PevoSort = (typeof PEVO_SORTS)[number];

/**
 * GET /api/pevos: a page, sorted, searched by name (first, last or "first last"), email or phone,
 * filtered by status (the pickers ask for `status=active`).
 */
export const ZPevoListQuery = ZPageParams.extend(sortParams(PEVO_SORTS, "lastName", "asc").shape).extend({
  q: searchParam("first and last name, email and phone"),
  status: z
    .enum(PEVO_STATUSES, { message: `status must be one of: ${PEVO_STATUSES.join(", ")}` })
    .optional()
    .describe("Only active or only inactive PEVOs"),
});
export type TPevoListQuery = z.output<typeof ZPevoListQuery>;
