import type { Database } from "@pevo/db";
import type { Role } from "@pevo/shared";
import type { Store as RateLimitStore } from "hono-rate-limiter";
import type { Auth } from "../auth";
import type { Config } from "../env";
import type { FileStorage } from "../lib/storage";
import type { CompanyId, Scope } from "../lib/tenant";
import type { Mailer } from "../mail/mailer";

export type { Scope };

export type Deps = {
  db: Database;
  config: Config;
  mailer: Mailer;
  auth: Auth;
  storage: FileStorage;
  /** Where rate-limit counts live (http/rate-limit.ts): the database's table, or Redis. */
  rateLimitStore: RateLimitStore;
};

/** Who is calling: set by the session middleware, read by every feature. */
export type Actor = { userId: string; email: string; companyId: CompanyId; role: Role };

export type AppEnv = { Variables: { deps: Deps; actor: Actor | null } };
