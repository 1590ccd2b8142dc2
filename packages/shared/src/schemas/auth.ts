import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../constants";
import { TEXT_LIMITS } from "../limits";
import { requiredEmail, requiredText, tooLongMessage } from "./fields";

/** Passwords: the spec's minimum, and a sane maximum (Better Auth's own default maximum too). */
export const MAX_PASSWORD_LENGTH = 128;

// A missing field gets the same message as a wrong one, never zod's generic "expected string".
const email = requiredEmail();
const password = z
  .string({ error: "Password must be at least 6 characters" })
  .min(MIN_PASSWORD_LENGTH, { message: "Password must be at least 6 characters" })
  .max(MAX_PASSWORD_LENGTH, { message: tooLongMessage("Password", MAX_PASSWORD_LENGTH) });
const minText = (message: string, label: string) => requiredText(message, label, TEXT_LIMITS.name, 2);

export const ZLogin = z.object({ email, password });
export type TLogin = z.infer<typeof ZLogin>;

export const ZSignupForm = z
  .object({
    email,
    companyName: minText("Company name must be at least 2 characters", "Company name"),
    contactPerson: minText("Contact name must be at least 2 characters", "Contact name"),
    password,
    confirmPassword: password,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type TSignupForm = z.infer<typeof ZSignupForm>;

/** The account layer (server): its own wording for the contact person (SPEC §5). */
export const ZSignup = z.object({
  email,
  password,
  companyName: minText("Company name must be at least 2 characters", "Company name"),
  contactPerson: minText("Contact person name must be at least 2 characters", "Contact person name"),
  /** The browser's zone (Intl.DateTimeFormat().resolvedOptions().timeZone): the server keeps it when valid (validSignupTimeZone). */
  timeZone: z
    .string()
    .optional()
    .describe("The browser's IANA time zone: kept when valid, else the default (America/Chicago)"),
});
export type TSignup = z.infer<typeof ZSignup>;

export const ZForgotPassword = z.object({ email });
export const ZResetPassword = z
  .object({ password, confirmPassword: password })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
