/**
 * An admin's explicit look at a PEVO's TIN (DECISIONS 'Year end: W-9 and 1099-NEC'): the one API
 * answer that carries it, with an activity event saying who looked and when, in the same transaction.
 */

import { formatTin } from "@pevo/shared";
import { NotFoundError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { pevoOf, profileRow } from "./tax-info";
import { openTin } from "./tin-cipher";

const NO_TAX_PROFILE = "This PEVO has no tax info yet";

export async function revealTin(scope: Scope, input: { pevoId: string; tinKey: Buffer }) {
  const pevo = await pevoOf(scope, input.pevoId);
  return scope.db.transaction(async (tx) => {
    const row = await profileRow({ ...scope, db: tx }, input.pevoId);
    if (!row) throw new NotFoundError(NO_TAX_PROFILE);
    const digits = openTin(
      input.tinKey,
      { companyId: scope.companyId, pevoId: input.pevoId },
      {
        ciphertext: row.tinCiphertext,
        iv: row.tinIv,
        tag: row.tinTag,
      },
    );
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "tin_revealed",
      message: `TIN of ${pevo.name} revealed`,
      pevo: pevo.name,
      pevoId: input.pevoId,
    });
    return { tin: formatTin(row.tinType, digits) };
  });
}
