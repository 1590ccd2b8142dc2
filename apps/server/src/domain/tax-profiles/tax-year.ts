/**
 * A tax year's 1099-NEC settings and the office's year end view: the threshold, the PEVOs paid with
 * their totals, and the active PEVOs without a complete W-9 (DECISIONS 'Year end: W-9 and 1099-NEC').
 */
import { pevos, pevoTaxProfiles, taxYearSettings } from "@pevo/db";
import {
  defaultThresholdCents,
  formatUsd,
  fromCents,
  type TMissingW9,
  type TTaxRecipient,
  type TTaxYear,
  type TTaxYearSettings,
  toCents,
} from "@pevo/shared";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { compensationByPevo } from "./compensation";
import { w9DocumentsOf } from "./tax-info";

export type YearSettings = {
  thresholdCents: number;
  includeReimbursedExpenses: boolean;
  payerTin: string | null;
};

/** The year's settings, or the defaults of a year nobody set. */
export async function yearSettings(scope: Scope, year: number): Promise<YearSettings> {
  const [row] = await scope.db
    .select()
    .from(taxYearSettings)
    .where(scoped(taxYearSettings, scope, eq(taxYearSettings.taxYear, year)));
  return row
    ? {
        thresholdCents: row.thresholdCents,
        includeReimbursedExpenses: row.includeReimbursedExpenses,
        payerTin: row.payerTin,
      }
    : { thresholdCents: defaultThresholdCents(year), includeReimbursedExpenses: false, payerTin: null };
}

export async function saveTaxYearSettings(scope: Scope, input: { year: number; settings: TTaxYearSettings }) {
  const { year, settings } = input;
  const values = {
    thresholdCents: toCents(settings.threshold),
    includeReimbursedExpenses: settings.includeReimbursedExpenses,
    payerTin: settings.payerTin,
    updatedBy: scope.userId,
    updatedAt: sql`now()`,
  };
  await scope.db.transaction(async (tx) => {
    await tx
      .insert(taxYearSettings)
      .values({ ...values, companyId: scope.companyId, taxYear: year })
      .onConflictDoUpdate({ target: [taxYearSettings.companyId, taxYearSettings.taxYear], set: values });
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "tax_year_settings_saved",
      message: `1099-NEC settings for ${year} saved: threshold ${formatUsd(settings.threshold)}, reimbursed expenses ${settings.includeReimbursedExpenses ? "counted" : "not counted"}`,
    });
  });
  return taxYearOverview(scope, year);
}

/** The PEVOs' names and whether their tax profile is entered, for these ids (or every active PEVO). */
async function pevoRows(scope: Scope, where: { ids: string[] } | "active") {
  if (where !== "active" && where.ids.length === 0) return [];
  return scope.db
    .select({
      id: pevos.id,
      firstName: pevos.firstName,
      lastName: pevos.lastName,
      email: pevos.email,
      hasProfile: sql<boolean>`${pevoTaxProfiles.id} is not null`,
    })
    .from(pevos)
    .leftJoin(pevoTaxProfiles, eq(pevoTaxProfiles.pevoId, pevos.id))
    .where(
      scoped(pevos, scope, where === "active" ? eq(pevos.status, "active") : inArray(pevos.id, where.ids)),
    )
    .orderBy(asc(pevos.lastName), asc(pevos.firstName), asc(pevos.id));
}

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export async function taxYearOverview(scope: Scope, year: number): Promise<TTaxYear> {
  const settings = await yearSettings(scope, year);
  const paid = await compensationByPevo(scope, year, settings);
  const paidPevos = await pevoRows(scope, { ids: paid.map((p) => p.pevoId) });
  const active = await pevoRows(scope, "active");
  const w9s = await w9DocumentsOf(scope, [...new Set([...paidPevos, ...active].map((p) => p.id))]);
  const byId = new Map(paidPevos.map((p) => [p.id, p]));

  const recipients: TTaxRecipient[] = paid
    .filter((p) => byId.has(p.pevoId))
    .sort((a, b) => b.compensationCents - a.compensationCents)
    .map((p) => {
      const pevo = byId.get(p.pevoId);
      return {
        pevoId: p.pevoId,
        name: pevo ? nameOf(pevo) : "",
        compensation: fromCents(p.compensationCents),
        reachesThreshold: p.compensationCents >= settings.thresholdCents,
        w9OnFile: Boolean(pevo?.hasProfile && w9s.has(p.pevoId)),
      };
    });
  const missingW9: TMissingW9[] = active
    .filter((p) => !p.hasProfile || !w9s.has(p.id))
    .map((p) => ({
      pevoId: p.id,
      name: nameOf(p),
      email: p.email,
      missing: [
        ...(p.hasProfile ? [] : (["tax_info"] as const)),
        ...(w9s.has(p.id) ? [] : (["w9_document"] as const)),
      ],
    }));
  return {
    year,
    threshold: fromCents(settings.thresholdCents),
    defaultThreshold: fromCents(defaultThresholdCents(year)),
    includeReimbursedExpenses: settings.includeReimbursedExpenses,
    payerTin: settings.payerTin,
    recipients,
    missingW9,
  };
}
