import type { Database } from "@pevo/db";
import type { Role } from "@pevo/shared";
import type { Auth } from "../auth";
import type { Config } from "../env";
import type { Mailer } from "../mail/mailer";

export type Deps = { db: Database; config: Config; mailer: Mailer; auth: Auth };

/** Who is calling: set by the session middleware, read by every feature. */
export type Actor = { userId: string; email: string; companyId: string; role: Role };

export type AppEnv = { Variables: { deps: Deps; actor: Actor | null } };

/** What every service function gets: the database and the caller's company (never optional). */
export type Scope = { db: Database; companyId: string; userId: string };
