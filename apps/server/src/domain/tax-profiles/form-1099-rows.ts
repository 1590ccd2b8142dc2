/**
 * The rows the 1099-NEC outputs print (the CSV and Copy B): each PEVO of `compensationByPevo` with
 * their tax profile. The TIN is opened only for the CSV (`tinKey` given): Copy B prints its last 4
 * digits, as the IRS allows on a recipient's statement (Treas. Reg. §301.6109-4).
 */
import { pevos, pevoTaxProfiles } from "@pevo/db";
import type { TaxClassification, TinType, UsState } from "@pevo/shared";
import { eq, inArray } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";
import { compensationByPevo } from "./compensation";
import { yearSettings } from "./tax-year";
import { openTin } from "./tin-cipher";

export type Form1099Row = {
  pevo: { id: string; name: string; email: string | null };
  /** Null: the PEVO's W-9 is not on file (the row goes out with their name and no TIN). */
  taxProfile: {
    legalName: string;
    businessName: string | null;
    classification: TaxClassification;
    address: string;
    city: string;
    state: UsState;
    zip: string;
    tinType: TinType;
    tinLast4: string;
    /** The 9 digits, only when opened for the CSV. */
    tin?: string;
  } | null;
  compensationCents: number;
};

export async function form1099Rows(
  scope: Scope,
  input: { year: number; pevoId?: string; tinKey?: Buffer; reportableOnly: boolean },
): Promise<Form1099Row[]> {
  const settings = await yearSettings(scope, input.year);
  const paid = (await compensationByPevo(scope, input.year, settings)).filter(
    (p) =>
      (input.pevoId === undefined || p.pevoId === input.pevoId) &&
      (!input.reportableOnly || p.compensationCents >= settings.thresholdCents),
  );
  if (paid.length === 0) return [];
  const rows = await scope.db
    .select({ pevo: pevos, profile: pevoTaxProfiles })
    .from(pevos)
    .leftJoin(pevoTaxProfiles, eq(pevoTaxProfiles.pevoId, pevos.id))
    .where(
      scoped(
        pevos,
        scope,
        inArray(
          pevos.id,
          paid.map((p) => p.pevoId),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.pevo.id, r]));
  return paid.flatMap(({ pevoId, compensationCents }) => {
    const row = byId.get(pevoId);
    if (!row) return [];
    const p = row.profile;
    return [
      {
        pevo: {
          id: pevoId,
          name: `${row.pevo.firstName} ${row.pevo.lastName}`.trim(),
          email: row.pevo.email,
        },
        taxProfile: p && {
          legalName: p.legalName,
          businessName: p.businessName,
          classification: p.classification,
          address: p.address,
          city: p.city,
          state: p.state as UsState,
          zip: p.zip,
          tinType: p.tinType,
          tinLast4: p.tinLast4,
          ...(input.tinKey && {
            tin: openTin(
              input.tinKey,
              { companyId: scope.companyId, pevoId },
              {
                ciphertext: p.tinCiphertext,
                iv: p.tinIv,
                tag: p.tinTag,
              },
            ),
          }),
        },
        compensationCents,
      },
    ];
  });
}
