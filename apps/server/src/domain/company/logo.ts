/**
 * The company logo (DECISIONS 'Company set-up and logo'): uploaded in Settings or the first-sign-in
 * set-up, printed at the top of every PDF a client receives and shown in client emails from a public
 * address whose only key is a random one (nothing else about the company is reachable from it).
 *
 * The file's type is sniffed from its content (as for documents, lib/uploads.ts): PNG or JPEG, the two
 * types pdfkit embeds natively, kept as uploaded; or SVG, checked and drawn to a PNG here
 * (svg-logo.ts), and that PNG is what is kept and served: every PDF and email reads it unchanged.
 */
import { randomBytes } from "node:crypto";
import { companies, type Executor } from "@pevo/db";
import { LOGO_LIMITS, LOGO_TYPES, type LogoContentType } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import PDFDocument from "pdfkit";
import { InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { type CompanyId, ownCompany } from "../../lib/tenant";
import { checkSvg, rasteriseSvg, SVG_MESSAGES, SvgRefused } from "./svg-logo";

export const LOGO_NOT_FOUND = "Logo not found";
const WRONG_TYPE = "The logo must be a PNG, JPEG or SVG image (checked from the content, not the name)";

const UNREADABLE = "The logo image could not be read: save it again as a PNG or JPEG and upload that";

const refuse = (message: string): never => {
  throw new InvalidInputError(message, { file: message });
};

const isLogoType = (mime: string): mime is LogoContentType =>
  (LOGO_TYPES as readonly string[]).includes(mime);

/**
 * XML text (file-type answers XML or nothing for it) opens with a "<", after a byte order mark and
 * white space; whether it is an SVG is the XML parser's answer (svg-logo.ts), not this.
 */
const looksLikeXml = (bytes: Uint8Array) =>
  /^(\uFEFF)?\s*</.test(Buffer.from(bytes.subarray(0, 1024)).toString("utf8"));

/** The pixel size pdfkit reads from the image (it also proves pdfkit can embed it). */
function imageSize(bytes: Uint8Array, unreadable = UNREADABLE): { width: number; height: number } {
  try {
    // openImage is pdfkit's own (missing from its type definitions).
    const doc = new PDFDocument({ autoFirstPage: false }) as unknown as {
      openImage(src: Buffer): { width: number; height: number };
    };
    const image = doc.openImage(Buffer.from(bytes));
    return { width: image.width, height: image.height };
  } catch {
    return refuse(unreadable);
  }
}

/** A checked logo: its sniffed type, within the size and pixel bounds. */
export async function checkLogo(bytes: Uint8Array): Promise<{ bytes: Buffer; type: LogoContentType }> {
  if (bytes.byteLength === 0) refuse("The file is empty");
  if (bytes.byteLength > LOGO_LIMITS.maxBytes) refuse("The logo must be 1 MB or smaller");
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && isLogoType(detected.mime)) return checkRaster(Buffer.from(bytes), detected.mime);
  if ((detected && detected.mime !== "application/xml") || !looksLikeXml(bytes)) return refuse(WRONG_TYPE);
  const svg = readSvg(bytes);
  if (svg === null) return refuse(WRONG_TYPE);
  return checkRaster(await drawSvg(svg), "image/png");
}

/** An SVG's checked text, or null when the XML is no SVG; refused with its reason when unsafe. */
function readSvg(bytes: Uint8Array) {
  return svgStep(() => checkSvg(bytes, checkEmbeddedImage));
}

/** The PNG drawn from a checked SVG. */
async function drawSvg(svg: string) {
  try {
    return await rasteriseSvg(svg);
  } catch (error) {
    if (error instanceof SvgRefused) return refuse(error.message);
    throw error;
  }
}

function svgStep<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof SvgRefused) return refuse(error.message);
    throw error;
  }
}

/**
 * An image embedded in an SVG (a data: URI) must be a PNG or JPEG by its signature, and within the
 * logo's pixel bounds: the renderer decodes it, so a tiny file declaring a huge image is refused.
 */
function checkEmbeddedImage(image: Buffer) {
  const png = image.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = image.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  if (!png && !jpeg) throw new SvgRefused(SVG_MESSAGES.embeddedImage);
  const { width, height } = imageSize(image, SVG_MESSAGES.embeddedImage);
  if (width > LOGO_LIMITS.maxSide || height > LOGO_LIMITS.maxSide)
    throw new SvgRefused(SVG_MESSAGES.embeddedImage);
}

/** A PNG or JPEG within the pixel bounds. */
function checkRaster(bytes: Buffer, type: LogoContentType) {
  const { width, height } = imageSize(bytes);
  if (width > LOGO_LIMITS.maxSide || height > LOGO_LIMITS.maxSide) {
    refuse(`The logo must be at most ${LOGO_LIMITS.maxSide} × ${LOGO_LIMITS.maxSide} pixels`);
  }
  if (width < LOGO_LIMITS.minSide || height < LOGO_LIMITS.minSide) {
    refuse(`The logo must be at least ${LOGO_LIMITS.minSide} × ${LOGO_LIMITS.minSide} pixels`);
  }
  return { bytes, type };
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
