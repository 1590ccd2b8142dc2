import { randomUUID } from "node:crypto";
import type { Role } from "@pevo/shared";
import type { Executor } from "../index";
import { missingRow } from "../rows";
import { account, clients, companies, profiles, user, userSettings } from "../schema";

/** A login's fields; the password arrives hashed (the server hashes it: this package knows no auth library). */
export type NewLogin = {
  companyId: string;
  email: string;
  passwordHash: string;
  role: Role;
  name: string;
  companyName: string;
  contactPerson: string;
  emailVerified?: boolean;
  firstName?: string | null;
  lastName?: string | null;
};

/** A login (user + credential account + profile + settings). Run it inside a transaction. */
export async function insertLogin(tx: Executor, input: NewLogin) {
  const id = randomUUID();
  const now = new Date();
  await tx.insert(user).values({
    id,
    name: input.name,
    email: input.email.toLowerCase(),
    emailVerified: input.emailVerified ?? false,
    role: input.role,
    companyId: input.companyId,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: input.passwordHash,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(profiles).values({
    id,
    role: input.role,
    companyName: input.companyName,
    contactPerson: input.contactPerson,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
  });
  // Admins start in the light theme; the PEVO portal's spec default is dark.
  await tx.insert(userSettings).values({ userId: id, darkMode: input.role === "pevo" });
  return { id, email: input.email.toLowerCase() };
}

export type NewCompany = {
  companyName: string;
  contactPerson: string;
  email: string;
  passwordHash: string;
  emailVerified?: boolean;
  isDemo?: boolean;
  /** IANA zone (already validated); the column's default when left out. */
  timeZone?: string;
};

/** Signup: a company and its first admin, in one transaction. */
export async function insertCompanyWithAdmin(db: Executor, input: NewCompany) {
  return db.transaction(async (tx) => {
    const [company = missingRow("company")] = await tx
      .insert(companies)
      .values({
        name: input.companyName,
        contactPerson: input.contactPerson,
        email: input.email.toLowerCase(),
        isDemo: input.isDemo ?? false,
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      })
      .returning();
    const admin = await insertLogin(tx, {
      companyId: company.id,
      email: input.email,
      passwordHash: input.passwordHash,
      role: "admin",
      name: input.contactPerson,
      companyName: input.companyName,
      contactPerson: input.contactPerson,
      emailVerified: input.emailVerified,
    });
    return { company, admin };
  });
}

export type NewClient = Partial<typeof clients.$inferInsert> & { name: string };

export async function createClient(db: Executor, companyId: string, input: NewClient) {
  const [row = missingRow("client")] = await db
    .insert(clients)
    .values({ ...input, companyId })
    .returning();
  return row;
}
