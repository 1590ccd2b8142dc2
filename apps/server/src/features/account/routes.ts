import { DEMO_ACCOUNTS } from "@pevo/db/seed";
import { ZSignup } from "@pevo/shared";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { ApiError, parseBody } from "../../http/errors";
import { actorOf } from "../../http/session";
import { getMe, signUp } from "./service";

export const accountRoutes = new Hono<AppEnv>()
  .post("/signup", async (c) => {
    const { db, auth } = c.get("deps");
    const input = await parseBody(c, ZSignup);
    await signUp(db, input);
    // No request headers: with a signed-in caller's cookie, Better Auth would insist that the
    // address be the caller's own ("Email mismatch") and the new account would get no mail.
    await auth.api.sendVerificationEmail({
      body: { email: input.email, callbackURL: "/auth/callback" },
    });
    return c.json(
      { message: "Account created successfully! Please check your email for verification instructions." },
      201,
    );
  })
  .get("/me", async (c) => {
    const actor = actorOf(c);
    const me = await getMe(c.get("deps").db, actor.userId);
    if (!me) throw new ApiError(401, "You must be logged in to perform this action");
    return c.json(me);
  })
  .get("/demo-accounts", (c) => {
    if (!c.get("deps").config.demoEnabled) throw new ApiError(404, "Demo accounts are disabled");
    return c.json(DEMO_ACCOUNTS);
  });
