import { z } from "zod";
import { ROLES } from "../constants";
import type { TMe } from "../types";
import type { Assert, Same } from "./check";

/** GET /api/me */
export const ZMeResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    emailVerified: z.boolean(),
  }),
  profile: z.object({
    role: z.enum(ROLES),
    companyName: z.string(),
    contactPerson: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  company: z.object({ id: z.string(), name: z.string() }),
  demo: z.boolean(),
});
type _Me = Assert<Same<z.output<typeof ZMeResponse>, TMe>>;

/** A confirmation message (POST /api/signup). */
export const ZMessageResponse = z.object({ message: z.string() });

const ZCredentials = z.object({ email: z.string(), password: z.string() });
/** GET /api/demo-accounts: the demo company's sign-ins (only when the demo is enabled). */
export const ZDemoAccountsResponse = z.object({ admin: ZCredentials, pevo: ZCredentials });
export type TDemoAccounts = z.output<typeof ZDemoAccountsResponse>;
