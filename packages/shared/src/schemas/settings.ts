import { z } from "zod";
import type { CredentialReviewStatus } from "../credentials/constants";
import { TEXT_LIMITS } from "../limits";
import { optionalPhone } from "../phone";
import { boundedText, optionalExpiryDate, requiredText } from "./fields";

/** Per-user preferences (PEVO settings toggles; dark mode for everyone). */
export const ZUserSettings = z.object({
  emailNotifications: z.boolean(),
  dispatchAlerts: z.boolean(),
  pickupReminders: z.boolean(),
  darkMode: z.boolean(),
  locationServices: z.boolean(),
});
export type TUserSettings = z.infer<typeof ZUserSettings>;

/** The PEVO's own profile (My Profile). Email is the login and is changed by the office. */
export const ZPevoProfile = z.object({
  firstName: requiredText("First name must be at least 2 characters", "First name", TEXT_LIMITS.name, 2),
  lastName: requiredText("Last name must be at least 2 characters", "Last name", TEXT_LIMITS.name, 2),
  phone: optionalPhone("Phone"),
  licenseNumber: boundedText("License number", TEXT_LIMITS.code),
  certificationExpiry: optionalExpiryDate("Enter a valid date", "Driver's licence expiry"),
});
export type TPevoProfileInput = z.input<typeof ZPevoProfile>;
export type TPevoProfile = z.output<typeof ZPevoProfile> & {
  id: string;
  email: string | null;
  licenceReviewStatus: CredentialReviewStatus;
  status: "active" | "inactive";
};
