/**
 * A TIN at rest (DECISIONS 'Year end: W-9 and 1099-NEC'): AES-256-GCM with the key of the
 * configuration (TIN_ENCRYPTION_KEY, env.ts), a fresh 12-byte IV per write, and the row's company and
 * PEVO as additional authenticated data, so that a ciphertext copied onto another PEVO's row does not
 * decrypt. Only the last 4 digits are kept beside it, for the masked display.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export type SealedTin = { ciphertext: string; iv: string; tag: string; last4: string };

const aad = (owner: { companyId: string; pevoId: string }) =>
  Buffer.from(`${owner.companyId}:${owner.pevoId}`);

export function sealTin(
  key: Buffer,
  owner: { companyId: string; pevoId: string },
  digits: string,
): SealedTin {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad(owner));
  const ciphertext = Buffer.concat([cipher.update(digits, "utf8"), cipher.final()]);
  return {
    ciphertext: ciphertext.toString("base64"),
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
    last4: digits.slice(-4),
  };
}

/** The TIN's digits; throws when the key, the row's owner or the stored bytes do not match. */
export function openTin(
  key: Buffer,
  owner: { companyId: string; pevoId: string },
  sealed: Pick<SealedTin, "ciphertext" | "iv" | "tag">,
): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(sealed.iv, "base64"));
  decipher.setAAD(aad(owner));
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.ciphertext, "base64")),
    decipher.final(),
  ]).toString("utf8");
}
