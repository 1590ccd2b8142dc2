/**
 * The W-9 entered by the PEVO (portal) or the office (the PEVO's page): one row per PEVO, the TIN
 * sealed (tin-cipher.ts). A blank TIN keeps the one on file; a first profile needs one. One
 * transaction with its activity event, which never quotes the TIN.
 */
import { pevoTaxProfiles } from "@pevo/db";
import type { TTaxInfo, TTaxProfileData } from "@pevo/shared";
import { sql } from "drizzle-orm";
import { InvalidInputError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { getTaxInfo, pevoOf, profileRow } from "./tax-info";
import { sealTin } from "./tin-cipher";

const TIN_REQUIRED = "TIN is required";

export async function saveTaxProfile(
  scope: Scope,
  input: { pevoId: string; data: TTaxProfileData; tinKey: Buffer; by: "pevo" | "office" },
): Promise<TTaxInfo> {
  const { pevoId, data, tinKey } = input;
  const pevo = await pevoOf(scope, pevoId);
  await scope.db.transaction(async (tx) => {
    const existing = await profileRow({ ...scope, db: tx }, pevoId);
    const changedType = existing !== undefined && existing.tinType !== data.tinType;
    if (data.tin === null && (!existing || changedType)) {
      throw new InvalidInputError(TIN_REQUIRED, { tin: TIN_REQUIRED });
    }
    const sealed =
      data.tin === null ? null : sealTin(tinKey, { companyId: scope.companyId, pevoId }, data.tin);
    const fields = {
      legalName: data.legalName,
      businessName: data.businessName,
      classification: data.classification,
      classificationOther: data.classificationOther,
      address: data.address,
      city: data.city,
      state: data.state,
      zip: data.zip,
      tinType: data.tinType,
      ...(sealed && {
        tinCiphertext: sealed.ciphertext,
        tinIv: sealed.iv,
        tinTag: sealed.tag,
        tinLast4: sealed.last4,
      }),
      updatedBy: scope.userId,
      updatedAt: sql`now()`,
    };
    if (existing) {
      await tx
        .update(pevoTaxProfiles)
        .set(fields)
        // scoped: the row read above under the scope (company and PEVO)
        .where(
          sql`${pevoTaxProfiles.id} = ${existing.id} and ${pevoTaxProfiles.companyId} = ${scope.companyId}`,
        );
    } else if (sealed) {
      await tx
        .insert(pevoTaxProfiles)
        .values({
          ...fields,
          companyId: scope.companyId,
          pevoId,
          tinCiphertext: sealed.ciphertext,
          tinIv: sealed.iv,
          tinTag: sealed.tag,
          tinLast4: sealed.last4,
        })
        // Two first saves at once: the second updates the first's row.
        .onConflictDoUpdate({ target: [pevoTaxProfiles.companyId, pevoTaxProfiles.pevoId], set: fields });
    }
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "tax_profile_saved",
      message:
        input.by === "pevo"
          ? `${pevo.name} updated their tax info (W-9)`
          : `Tax info (W-9) of ${pevo.name} updated by the office`,
      pevo: pevo.name,
      pevoId,
    });
  });
  return getTaxInfo(scope, pevoId);
}
