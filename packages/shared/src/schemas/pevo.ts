import { z } from "zod";
import { PEVO_STATUSES, US_STATES } from "../constants";
import { isoDate, optionalEmail, optionalText } from "./fields";

const name = (message: string) => z.string({ error: message }).trim().min(2, { message });

/** The PEVO form (SPEC §5). Email is only used when adding (it creates the login account). */
export const ZPevo = z.object({
  firstName: name("First name must be at least 2 characters"),
  lastName: name("Last name must be at least 2 characters"),
  email: optionalEmail(),
  phone: optionalText,
  licenseNumber: optionalText,
  certificationExpiry: z
    .union([z.literal(""), isoDate("Enter a valid date")])
    .nullish()
    .transform((v) => (v ? v : null)),
  states: z
    .array(z.enum(US_STATES, { error: "Choose states from the list" }))
    .default([])
    .transform((states) => [...new Set(states)].sort()),
  status: z.enum(PEVO_STATUSES).default("active"),
});
export type TPevoInput = z.input<typeof ZPevo>;
export type TPevoData = z.output<typeof ZPevo>;

export type TPevo = Omit<TPevoData, "email"> & {
  id: string;
  email: string | null;
  hasLogin: boolean;
  createdAt: string;
  updatedAt: string;
};
