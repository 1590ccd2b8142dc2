import { z } from "zod";
import { isoDate, optionalText } from "./fields";

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
  firstName: z
    .string({ error: "First name must be at least 2 characters" })
    .trim()
    .min(2, { message: "First name must be at least 2 characters" }),
  lastName: z
    .string({ error: "Last name must be at least 2 characters" })
    .trim()
    .min(2, { message: "Last name must be at least 2 characters" }),
  phone: optionalText,
  licenseNumber: optionalText,
  certificationExpiry: z
    .union([z.literal(""), isoDate("Enter a valid date")])
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TPevoProfileInput = z.input<typeof ZPevoProfile>;
export type TPevoProfile = z.output<typeof ZPevoProfile> & {
  id: string;
  email: string | null;
  status: "active" | "inactive";
};
