import type { Role } from "./constants";

/** What GET /api/me answers: the signed-in user with their profile. */
export type TMe = {
  user: { id: string; email: string; name: string; role: Role; emailVerified: boolean };
  profile: {
    role: Role;
    companyName: string;
    contactPerson: string;
    firstName: string | null;
    lastName: string | null;
  };
  company: { id: string; name: string };
  demo: boolean;
};

/** The one error shape of the API. */
export type TApiError = { error: string; fields?: Record<string, string> };
