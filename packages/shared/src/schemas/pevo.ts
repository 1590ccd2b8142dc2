import { z } from "zod";
import type { TMailState } from "../api/mail";
import { PEVO_STATUSES } from "../constants";
import { TEXT_LIMITS } from "../limits";
import { optionalPhone } from "../phone";
import { boundedText, optionalEmail, optionalExpiryDate, requiredText } from "./fields";

const name = (message: string, label: string) => requiredText(message, label, TEXT_LIMITS.name, 2);

/**
 * The PEVO form (SPEC §5). Email is only used when adding (it creates the login account). The
 * licence: number and expiry (`certificationExpiry` keeps the spec's name for the driver's licence
 * expiry). State certifications are credentials of their own (credentials/schemas.ts), not ticks
 * here (DECISIONS 'One model of state certifications').
 */
export const ZPevo = z.object({
  firstName: name("First name must be at least 2 characters", "First name"),
  lastName: name("Last name must be at least 2 characters", "Last name"),
  email: optionalEmail(),
  phone: optionalPhone("Phone"),
  licenseNumber: boundedText("License number", TEXT_LIMITS.code),
  certificationExpiry: optionalExpiryDate("Enter a valid date", "Driver's licence expiry"),
  status: z.enum(PEVO_STATUSES).default("active"),
});
export type TPevoInput = z.input<typeof ZPevo>;
export type TPevoData = z.output<typeof ZPevo>;

export type TPevo = Omit<TPevoData, "email"> & {
  id: string;
  email: string | null;
  hasLogin: boolean;
  invitationMail: TMailState | null;
  createdAt: string;
  updatedAt: string;
};
