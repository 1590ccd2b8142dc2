/** A PEVO's tax info as the office and the PEVO read it: never the TIN, only its mask. */
import { documents, pevos, pevoTaxProfiles } from "@pevo/db";
import { maskTin, type TTaxInfo, type TTaxProfile } from "@pevo/shared";
import { and, desc, eq, inArray } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";

export const PEVO_NOT_FOUND = "PEVO not found";

type ProfileRow = typeof pevoTaxProfiles.$inferSelect;

const publicProfile = (row: ProfileRow): TTaxProfile => ({
  legalName: row.legalName,
  businessName: row.businessName,
  classification: row.classification,
  classificationOther: row.classificationOther,
  address: row.address,
  city: row.city,
  state: row.state as TTaxProfile["state"],
  zip: row.zip,
  tinType: row.tinType,
  tinMasked: maskTin(row.tinType, row.tinLast4),
  updatedAt: row.updatedAt.toISOString(),
});

/** The PEVO of the company, with its name (404 for another company's or an unknown id). */
export async function pevoOf(scope: Scope, pevoId: string) {
  const [row] = await scope.db
    .select({ id: pevos.id, firstName: pevos.firstName, lastName: pevos.lastName })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
  if (!row) throw new NotFoundError(PEVO_NOT_FOUND);
  return { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() };
}

/** The newest signed W-9 (document category `w9`) of each of these PEVOs. */
async function w9DocumentsOf(scope: Scope, pevoIds: string[]) {
  if (pevoIds.length === 0) return new Map<string, TTaxInfo["w9"]>();
  const rows = await scope.db
    .selectDistinctOn([documents.pevoId], {
      pevoId: documents.pevoId,
      id: documents.id,
      fileName: documents.fileName,
      uploadedAt: documents.uploadedAt,
    })
    .from(documents)
    .where(scoped(documents, scope, and(eq(documents.category, "w9"), inArray(documents.pevoId, pevoIds))))
    .orderBy(documents.pevoId, desc(documents.uploadedAt), desc(documents.id));
  return new Map(
    rows.map((r) => [
      r.pevoId ?? "",
      { id: r.id, fileName: r.fileName, uploadedAt: r.uploadedAt.toISOString() },
    ]),
  );
}

/** The stored profile row of a PEVO (with the sealed TIN: stays inside this module). */
export async function profileRow(scope: Scope, pevoId: string): Promise<ProfileRow | undefined> {
  const [row] = await scope.db
    .select()
    .from(pevoTaxProfiles)
    .where(scoped(pevoTaxProfiles, scope, eq(pevoTaxProfiles.pevoId, pevoId)));
  return row;
}

export async function getTaxInfo(scope: Scope, pevoId: string): Promise<TTaxInfo> {
  await pevoOf(scope, pevoId);
  const row = await profileRow(scope, pevoId);
  const w9 = (await w9DocumentsOf(scope, [pevoId])).get(pevoId) ?? null;
  return { pevoId, profile: row ? publicProfile(row) : null, w9, complete: Boolean(row && w9) };
}
