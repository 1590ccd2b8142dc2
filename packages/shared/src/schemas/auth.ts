import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../constants";

// A missing field gets the same message as a wrong one, never zod's generic "expected string".
const email = z
  .string({ error: "Please enter a valid email" })
  .trim()
  .pipe(z.email({ message: "Please enter a valid email" }));
const password = z
  .string({ error: "Password must be at least 6 characters" })
  .min(MIN_PASSWORD_LENGTH, { message: "Password must be at least 6 characters" });
const minText = (message: string) => z.string({ error: message }).trim().min(2, { message });

export const ZLogin = z.object({ email, password });
export type TLogin = z.infer<typeof ZLogin>;

export const ZSignupForm = z
  .object({
    email,
    companyName: minText("Company name must be at least 2 characters"),
    contactPerson: minText("Contact name must be at least 2 characters"),
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
  companyName: minText("Company name must be at least 2 characters"),
  contactPerson: minText("Contact person name must be at least 2 characters"),
});
export type TSignup = z.infer<typeof ZSignup>;

export const ZForgotPassword = z.object({ email });
export const ZResetPassword = z
  .object({ password, confirmPassword: password })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
