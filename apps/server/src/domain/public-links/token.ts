import { createHash, randomBytes } from "node:crypto";

/** A new token: 32 random bytes, base64url (256 bits, 43 characters). */
export const newToken = () => randomBytes(32).toString("base64url");

/** What is stored of a token: its SHA-256, so a database leak reveals no working link. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token as sent: 43 base64url characters. Anything else cannot be one (no database lookup). */
export const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
