import { z } from "zod";
import { PEVO_STATUSES } from "../constants";
import { CREDENTIAL_REVIEW_STATUSES } from "../credentials/constants";
import type { TPevoProfile } from "../schemas/settings";
import type { Assert, Same } from "./check";
import { ZPevoResponse } from "./pevos";

/** GET / PUT /api/me/settings: the caller's preferences and the read-only facts the screen shows. */
export const ZMySettingsResponse = z.object({
  account: z.object({
    email: z.string(),
    role: z.string().describe("admin or pevo"),
    companyName: z.string(),
    contactName: z.string(),
  }),
  settings: z.object({
    emailNotifications: z.boolean(),
    dispatchAlerts: z.boolean(),
    pickupReminders: z.boolean(),
    darkMode: z.boolean(),
    locationServices: z.boolean(),
  }),
});
export type TMySettings = z.output<typeof ZMySettingsResponse>;

/** GET / PUT /api/portal/profile: the PEVO's own profile. */
export const ZPevoProfileResponse = ZPevoResponse.pick({
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  licenseNumber: true,
  certificationExpiry: true,
}).extend({
  licenceReviewStatus: z
    .enum(CREDENTIAL_REVIEW_STATUSES)
    .describe("The office's review of the licence: a change made here waits for it"),
  status: z.enum(PEVO_STATUSES),
});
type _PevoProfile = Assert<Same<z.output<typeof ZPevoProfileResponse>, TPevoProfile>>;
