import { controlCharacterMessage, hasControlCharacter } from "@pevo/shared";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "./errors";

const LABELS: Record<string, string> = {
  email: "Email",
  password: "Password",
  currentPassword: "Current password",
  newPassword: "New password",
  token: "The link's token",
  callbackURL: "The callback address",
  redirectTo: "The redirect address",
};

/**
 * Better Auth's endpoints read JSON the shared schemas never see, and a NUL in a token reaches the
 * database (a 500 there): every text field of their bodies is one line without control characters,
 * as in the shared schemas (schemas/fields.ts plainText). A password typed in a browser cannot hold
 * one either. The body is read from a copy, within the body limit, so Better Auth still reads it.
 */
export const refuseAuthControlCharacters: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== "POST") return next();
  let body: unknown;
  try {
    body = JSON.parse(await c.req.raw.clone().text());
  } catch {
    return next(); // not JSON: Better Auth refuses it itself
  }
  if (body && typeof body === "object") {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value !== "string" || !hasControlCharacter(value, "single")) continue;
      const message = controlCharacterMessage(LABELS[key] ?? key, "single");
      throw new ApiError(400, message, { [key]: message });
    }
  }
  return next();
};
