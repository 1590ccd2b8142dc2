/**
 * The company logo (DECISIONS 'Company set-up and logo'): uploaded in Settings or the first-sign-in
 * set-up, printed at the top of every PDF a client receives and shown in client emails from a public
 * address whose only key is a random one (nothing else about the company is reachable from it).
 *
 * The file's type is sniffed from its content (as for documents, lib/uploads.ts): PNG or JPEG only,
 * the two types pdfkit embeds natively. SVG is refused with its own message: pdfkit has no SVG
 * renderer, and turning user SVG (scripts, external references) into a PDF safely needs one.
 */
import { randomBytes } from "node:crypto";
import { companies, type Executor } from "@pevo/db";
import { LOGO_LIMITS, LOGO_TYPES, type LogoContentType } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import PDFDocument from "pdfkit";
import { InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { type CompanyId, ownCompany } from "../../lib/tenant";

export const LOGO_NOT_FOUND = "Logo not found";
const SVG_REFUSED =
  "SVG logos cannot be printed into PDFs safely: export your logo as a PNG or JPEG and upload that";
const WRONG_TYPE = "The logo must be a PNG or JPEG image (checked from the content, not the name)";

const refuse = (message: string): never => {
  throw new InvalidInputError(message, { file: message });
};

const isLogoType = (mime: string): mime is LogoContentType =>
  (LOGO_TYPES as readonly string[]).includes(mime);

/** SVG is XML text (file-type answers XML or nothing), so its opening is looked at. */
const looksLikeSvg = (bytes: Uint8Array) =>
  /^(\uFEFF)?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(
    Buffer.from(bytes.subarray(0, 1024)).toString("utf8"),
  );

/** The pixel size pdfkit reads from the image (it also proves pdfkit can embed it). */
function imageSize(bytes: Uint8Array): { width: number; height: number } {
  try {
    // openImage is pdfkit's own (missing from its type definitions).
    const doc = new PDFDocument({ autoFirstPage: false }) as unknown as {
      openImage(src: Buffer): { width: number; height: number };
    };
    const image = doc.openImage(Buffer.from(bytes));
    return { width: image.width, height: image.height };
  } catch {
    return refuse("The logo image could not be read: save it again as a PNG or JPEG and upload that");
  }
}

/** A checked logo: its sniffed type, within the size and pixel bounds. */
export async function checkLogo(bytes: Uint8Array): Promise<{ bytes: Buffer; type: LogoContentType }> {
  if (bytes.byteLength === 0) refuse("The file is empty");
  if (bytes.byteLength > LOGO_LIMITS.maxBytes) refuse("The logo must be 1 MB or smaller");
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isLogoType(detected.mime)) return refuse(looksLikeSvg(bytes) ? SVG_REFUSED : WRONG_TYPE);
  const { width, height } = imageSize(bytes);
  if (width > LOGO_LIMITS.maxSide || height > LOGO_LIMITS.maxSide) {
    refuse(`The logo must be at most ${LOGO_LIMITS.maxSide} × ${LOGO_LIMITS.maxSide} pixels`);
  }
  if (width < LOGO_LIMITS.minSide || height < LOGO_LIMITS.minSide) {
    refuse(`The logo must be at least ${LOGO_LIMITS.minSide} × ${LOGO_LIMITS.minSide} pixels`);
  }
  return { bytes: Buffer.from(bytes), type: detected.mime };
}

/** The logo's public address (client emails); the key is new with each upload. */
export const logoUrl = (appUrl: string, key: string | null) =>
  key ? `${appUrl}/api/public/logos/${key}` : null;

/** Replaces the company's logo; answers its new public address. */
export async function saveCompanyLogo(
  db: Executor,
  scope: { companyId: CompanyId },
  logo: { bytes: Buffer; type: LogoContentType },
  appUrl: string,
) {
  const key = randomBytes(24).toString("base64url");
  await db
    .update(companies)
    .set({ logo: logo.bytes, logoType: logo.type, logoKey: key, updatedAt: new Date() })
    .where(ownCompany(scope));
  return { logoUrl: logoUrl(appUrl, key) };
}

/** Removes the logo: PDFs and emails go back to the name alone, the old public address is gone. */
export async function removeCompanyLogo(db: Executor, scope: { companyId: CompanyId }) {
  await db
    .update(companies)
    .set({ logo: null, logoType: null, logoKey: null, updatedAt: new Date() })
    .where(ownCompany(scope));
}

/** The company's logo for a PDF or an email, or null. */
export async function companyLogo(db: Executor, scope: { companyId: CompanyId }) {
  const [row] = await db
    .select({ logo: companies.logo, key: companies.logoKey })
    .from(companies)
    .where(ownCompany(scope));
  return row?.logo ? { bytes: row.logo, key: row.key } : null;
}

/** A logo by its public key (the key is the only credential: it names nothing else). */
export async function publicLogo(db: Executor, key: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(key)) throw new NotFoundError(LOGO_NOT_FOUND);
  const [row] = await db
    .select({ logo: companies.logo, type: companies.logoType })
    .from(companies)
    // unscoped: the random key is the credential of this public address; only the image is answered
    .where(eq(companies.logoKey, key));
  if (!row?.logo || !row.type) throw new NotFoundError(LOGO_NOT_FOUND);
  return { bytes: row.logo, type: row.type };
}

/** The logo's public address for a client email, or null (the email then shows the name alone). */
export async function companyLogoUrl(db: Executor, scope: { companyId: CompanyId }, appUrl: string) {
  const [row] = await db.select({ key: companies.logoKey }).from(companies).where(ownCompany(scope));
  return logoUrl(appUrl, row?.key ?? null);
}
