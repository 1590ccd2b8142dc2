import type { Database } from "@pevo/db";
import { account, session, user, verification } from "@pevo/db";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { companyName } from "./domain/company";
import type { Config } from "./env";
import { companyIdOfScopedRow } from "./lib/company-id";
import { log } from "./lib/log";
import { deliverNow, enqueueMail } from "./mail/mail-jobs";
import type { Mail, Mailer } from "./mail/mailer";
import { adminInvitationMail, invitationMail, resetPasswordMail, verificationMail } from "./mail/templates";

/** Where an invitation's set-password link lands; its mail is worded as an invitation. */
const INVITE_REDIRECT = "/auth/reset?invite=1";
const isInvitation = (url: string) => decodeURIComponent(url).includes(INVITE_REDIRECT);

/**
 * The invitation link's landing for this login: the set-password page, which then signs the new
 * user in with the address it names and the password just chosen, so a PEVO lands in the portal
 * (an admin on the dashboard) instead of the sign-in screen (DECISIONS 'Authentication').
 */
export const inviteRedirect = (email: string) => `${INVITE_REDIRECT}&email=${encodeURIComponent(email)}`;

/** The key of a user's account mail (mail/mail-jobs.ts); the invitation's shows on their record. */
export const authMailKey = (kind: "reset" | "invitation" | "verification", userId: string) =>
  `auth:${kind}:${userId}`;

export function createAuth(opts: { db: Database; config: Config; mailer: Mailer }) {
  const { config } = opts;
  async function queueAuthMail(
    user: { id: string; companyId?: unknown },
    kind: Parameters<typeof authMailKey>[0],
    mail: Mail,
  ) {
    const companyId = user.companyId;
    if (typeof companyId !== "string") throw new Error("A user without a company gets no mail");
    // The user row was written for its company (signup, an invitation): its mail is that company's.
    const scope = { companyId: companyIdOfScopedRow({ companyId }) };
    const jobId = await enqueueMail(opts.db, scope, authMailKey(kind, user.id), mail);
    await deliverNow(opts, jobId);
  }
  return betterAuth({
    appName: "PEVO Back Office",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    // Better Auth's own lines ("User not found", ...) go through our logger: JSON, with the request id.
    logger: {
      log: (level, message, ...args) => log()[level](args.length ? { args } : {}, `Better Auth: ${message}`),
    },
    trustedOrigins: (request) => {
      // The app is served by this server, so its own host is always a trusted origin.
      const host = request?.headers.get("host");
      return host ? [config.appUrl, `http://${host}`, `https://${host}`] : [config.appUrl];
    },
    database: drizzleAdapter(opts.db, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    user: {
      additionalFields: {
        role: { type: "string", input: false, required: true },
        companyId: { type: "string", input: false, required: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Accounts are created by /api/signup (company + admin in one transaction) and by admins.
      disableSignUp: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      resetPasswordTokenExpiresIn: 60 * 60 * 24 * 3,
      revokeSessionsOnPasswordReset: true,
      // Better Auth writes the reset token in its own statements and then calls this, outside any
      // transaction of ours (the PEVO or admin being invited committed before the request for the
      // link). So the mail job is written here, on its own, right after the token, and delivered by
      // the runner like every mail (mail/mail-jobs.ts); it is tried once at once, then retried.
      sendResetPassword: async ({ user, url }) => {
        const { role, companyId } = user as { role?: string; companyId?: string };
        if (!isInvitation(url)) return queueAuthMail(user, "reset", resetPasswordMail(user.email, url));
        // The user row was written for its company (an invitation): the mail names that company.
        const name =
          (companyId
            ? await companyName(opts.db, { companyId: companyIdOfScopedRow({ companyId }) })
            : null) ?? "your company";
        await queueAuthMail(
          user,
          "invitation",
          role === "admin"
            ? adminInvitationMail(user.email, user.name, url, name)
            : invitationMail(user.email, user.name, url, name),
        );
      },
    },
    emailVerification: {
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      // As above: called by Better Auth after it wrote the verification token, not in our transaction.
      sendVerificationEmail: async ({ user, url }) => {
        await queueAuthMail(user, "verification", verificationMail(user.email, url));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // No cookie cache: every request reads the session row, so a removed admin or a deleted PEVO is
      // signed out at once (a cached session_data cookie would keep them in for its lifetime).
      cookieCache: { enabled: false },
    },
    advanced: {
      // Better Auth turns its Origin check off when NODE_ENV=test; keep it on everywhere.
      disableOriginCheck: false,
      useSecureCookies: config.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.production },
    },
    // Our own limiter (http/rate-limit.ts) covers sign-in, signup and reset by client address.
    rateLimit: { enabled: false },
    hooks: {
      // A password change ends every other session of the user, whatever the client asked: whoever
      // knew the old password is signed out (docs/DECISIONS.md). Better Auth then deletes all the
      // user's sessions and signs the caller in again with a new one, in one transaction.
      before: createAuthMiddleware(async (ctx) => {
        const body: unknown = ctx.body;
        if (ctx.path !== "/change-password" || !body || typeof body !== "object" || Array.isArray(body))
          return;
        return { context: { body: { ...body, revokeOtherSessions: true } } };
      }),
    },
    // An error that is not Better Auth's own answer (a database that is away for a moment) reaches
    // the app's error handler (http/errors.ts): a 503 with Retry-After in the API's shape, instead
    // of Better Auth's empty 500. Its own answers (401 wrong password, ...) are unchanged.
    onAPIError: { throw: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;
