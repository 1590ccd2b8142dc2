import { DEMO_ACCOUNTS } from "@pevo/db/seed";
import { ZDemoAccountsResponse, ZMeResponse, ZMessageResponse, ZSignup } from "@pevo/shared";
import { getMe, signUp } from "../../domain/company";
import { ApiError } from "../../http/errors";
import { createRoute, createRouter, errors, json, jsonBody } from "../../http/openapi";
import { actorOf } from "../../http/session";

const tags = ["Account"];

export const accountRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/signup",
      tags,
      summary: "Create a company and its first admin; a verification email is sent",
      security: [],
      request: { body: jsonBody(ZSignup) },
      responses: { 201: json(ZMessageResponse, "The account was created"), ...errors(400, 409, 429) },
    }),
    async (c) => {
      const { db, auth } = c.get("deps");
      const input = c.req.valid("json");
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
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/me",
      tags,
      summary: "The signed-in user, their profile and company",
      responses: { 200: json(ZMeResponse, "Who is signed in"), ...errors(401) },
    }),
    async (c) => {
      const actor = actorOf(c);
      const me = await getMe(c.get("deps").db, actor.userId);
      if (!me) throw new ApiError(401, "You must be logged in to perform this action");
      return c.json(me, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/demo-accounts",
      tags,
      summary: "The demo company's sign-ins (when the demo is enabled)",
      security: [],
      responses: { 200: json(ZDemoAccountsResponse, "The demo sign-ins"), ...errors(404) },
    }),
    (c) => {
      if (!c.get("deps").config.demoEnabled) throw new ApiError(404, "Demo accounts are disabled");
      return c.json(DEMO_ACCOUNTS, 200);
    },
  );
