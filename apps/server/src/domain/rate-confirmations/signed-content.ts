/**
 * The content a client signs: a rate confirmation as a document (ZRateConfirmationDocument), its
 * canonical serialization (JSON with sorted keys, no spaces) and that serialization's SHA-256. The
 * request stores the serialization itself, so the hash can be recomputed from what was stored, and
 * the signed PDF is drawn from it, not from the rate confirmation as it is later.
 */
import { createHash } from "node:crypto";
import { companies, type Executor, missingRow } from "@pevo/db";
import {
  hasAdditionalRates,
  hasLoadDetails,
  type TRateConfirmation,
  type TRateConfirmationDocument,
} from "@pevo/shared";
import type { Scope } from "../../lib/tenant";
import { ownCompany } from "../../lib/tenant";

/** JSON with every object's keys in code-point order, recursively: one text per value. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The document of a rate confirmation (as read by getRateConfirmation) with the company's letterhead. */
export async function documentOf(
  db: Executor,
  scope: Pick<Scope, "companyId">,
  rc: TRateConfirmation,
): Promise<TRateConfirmationDocument> {
  const [company = missingRow("companies")] = await db
    .select({
      name: companies.name,
      address: companies.address,
      phone: companies.phone,
      email: companies.email,
      mcNumber: companies.mcNumber,
      dotNumber: companies.dotNumber,
    })
    .from(companies)
    .where(ownCompany(scope));
  return {
    version: 1,
    company,
    jobNumber: rc.jobNumber,
    clientName: rc.clientName,
    originAddress: rc.originAddress,
    destinationAddress: rc.destinationAddress,
    startDate: rc.startDate,
    endDate: rc.endDate,
    description: rc.description,
    additionalTerms: rc.additionalTerms,
    standardRates: rc.standardRates,
    customRates: rc.customRates.map(({ name, amount, unit }) => ({ name, amount, unit })),
    positions: rc.positions.map(({ positionType, customName }) => ({ positionType, customName })),
    // Left out when empty: the serialization (and hash) of a confirmation without load details is
    // the one it had before they existed, so no open request reads as changed.
    loadDetails: hasLoadDetails(rc.loadDetails) ? rc.loadDetails : undefined,
    // The same rule for the additional rate kinds: a confirmation without any hashes as before them.
    additionalRates: hasAdditionalRates(rc.additionalRates) ? rc.additionalRates : undefined,
  };
}

/** The stored text and hash of a document. */
export function serialize(document: TRateConfirmationDocument) {
  const content = canonicalJson(document);
  return { content, contentHash: sha256(content) };
}
