import { rateConfirmations } from "@pevo/db";
import type { SignatureState } from "@pevo/shared";
import { sql } from "drizzle-orm";

/**
 * The signature state the screens show (DECISIONS "Rate confirmations → Signature"): the stored
 * status, or "expired" for an open request past its link's expiry.
 */
export const signatureStateSql = sql<SignatureState>`(case when ${rateConfirmations.signatureStatus} in ('awaiting_signature', 'viewed') and ${rateConfirmations.signatureExpiresAt} <= now() then 'expired' else ${rateConfirmations.signatureStatus}::text end)`;
