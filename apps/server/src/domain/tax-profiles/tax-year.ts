/**
 * A tax year's 1099-NEC settings and the office's year end view: the threshold, the PEVOs paid with
 * their totals, and the active PEVOs without a complete W-9 (DECISIONS 'Year end: W-9 and 1099-NEC'),
 * each list a page at a time (set-based: a query per page, whatever the number of PEVOs).
 */
import { documents, pevos, pevoTaxProfiles, taxYearSettings } from "@pevo/db";
import {
  defaultThresholdCents,
  formatUsd,
  fromCents,
  type OffsetPage,
  type PageParams,
  type TMissingW9,
  type TTaxRecipient,
  type TTaxYear,
  type TTaxYearSettings,
  toCents,
} from "@pevo/shared";
import { and, asc, desc, eq, exists, isNull, not, or, sql } from "drizzle-orm";
import { countUpTo, offsetPageOf } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { compensationQuery } from "./compensation";

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

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The PEVO has a signed W-9 document uploaded (documents_pevo_idx). */
const hasW9Document = (scope: Scope) =>
  exists(
    scope.db
      .select({ one: sql`1` })
      .from(documents)
      // scoped: correlated to the scoped PEVO row, company id included.
      .where(
        and(
          eq(documents.companyId, pevos.companyId),
          eq(documents.pevoId, pevos.id),
          eq(documents.category, "w9"),
        ),
      ),
  );

/** The PEVO's tax profile, when entered (one per PEVO). */
const profileOfPevo = and(
  eq(pevoTaxProfiles.companyId, pevos.companyId),
  eq(pevoTaxProfiles.pevoId, pevos.id),
);

/** Active PEVOs without a complete W-9: no tax info entered, or no signed W-9 uploaded. */
const missingW9Where = (scope: Scope) =>
  scoped(pevos, scope, eq(pevos.status, "active"), or(isNull(pevoTaxProfiles.id), not(hasW9Document(scope))));

/** The year's settings and how many PEVOs each of its lists holds, in two queries. */
export async function taxYearOverview(scope: Scope, year: number): Promise<TTaxYear> {
  const settings = await yearSettings(scope, year);
  const paid = compensationQuery(scope, year, settings);
  const [[counts], [missing]] = await Promise.all([
    scope.db
      .select({
        recipients: sql<number>`count(*)`.mapWith(Number),
        reportable:
          sql<number>`count(*) filter (where ${paid.compensationCents} >= ${settings.thresholdCents})`.mapWith(
            Number,
          ),
      })
      .from(paid),
    scope.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(pevos)
      .leftJoin(pevoTaxProfiles, profileOfPevo)
      .where(missingW9Where(scope)),
  ]);
  return {
    year,
    threshold: fromCents(settings.thresholdCents),
    defaultThreshold: fromCents(defaultThresholdCents(year)),
    includeReimbursedExpenses: settings.includeReimbursedExpenses,
    payerTin: settings.payerTin,
    recipientCount: counts?.recipients ?? 0,
    reportableCount: counts?.reportable ?? 0,
    missingW9Count: missing?.n ?? 0,
  };
}

/**
 * A page of the PEVOs paid in `year`, highest first (then by id: stable pages), with whether each
 * reaches the threshold and has a W-9 on file: one query over the year's grouped totals, whatever
 * the number of PEVOs.
 */
export async function taxYearRecipients(
  scope: Scope,
  year: number,
  params: PageParams,
): Promise<OffsetPage<TTaxRecipient>> {
  const settings = await yearSettings(scope, year);
  const paid = compensationQuery(scope, year, settings);
  return offsetPageOf(params, {
    rows: async (limit, offset) => {
      const rows = await scope.db
        .select({
          pevoId: pevos.id,
          firstName: pevos.firstName,
          lastName: pevos.lastName,
          compensationCents: paid.compensationCents,
          hasProfile: sql<boolean>`${pevoTaxProfiles.id} is not null`,
          hasW9: hasW9Document(scope).mapWith(Boolean),
        })
        .from(paid)
        .innerJoin(pevos, and(eq(pevos.companyId, scope.companyId), eq(pevos.id, paid.pevoId)))
        .leftJoin(pevoTaxProfiles, profileOfPevo)
        .where(scoped(pevos, scope))
        .orderBy(desc(paid.compensationCents), asc(pevos.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        pevoId: r.pevoId,
        name: nameOf(r),
        compensation: fromCents(r.compensationCents),
        reachesThreshold: r.compensationCents >= settings.thresholdCents,
        w9OnFile: Boolean(r.hasProfile && r.hasW9),
      }));
    },
    count: (cap) => countUpTo(scope.db, scope.db.select({ one: sql`1` }).from(paid).$dynamic(), cap),
  });
}

/** A page of the active PEVOs without a complete W-9, by name, with what each is missing. */
export async function missingW9s(scope: Scope, params: PageParams): Promise<OffsetPage<TMissingW9>> {
  const rows = (limit: number, offset: number) =>
    scope.db
      .select({
        pevoId: pevos.id,
        firstName: pevos.firstName,
        lastName: pevos.lastName,
        email: pevos.email,
        hasProfile: sql<boolean>`${pevoTaxProfiles.id} is not null`,
        hasW9: hasW9Document(scope).mapWith(Boolean),
      })
      .from(pevos)
      .leftJoin(pevoTaxProfiles, profileOfPevo)
      .where(missingW9Where(scope))
      .orderBy(asc(pevos.lastName), asc(pevos.firstName), asc(pevos.id))
      .limit(limit)
      .offset(offset);
  return offsetPageOf(params, {
    rows: async (limit, offset) =>
      (await rows(limit, offset)).map((p) => ({
        pevoId: p.pevoId,
        name: nameOf(p),
        email: p.email,
        missing: [
          ...(p.hasProfile ? [] : (["tax_info"] as const)),
          ...(p.hasW9 ? [] : (["w9_document"] as const)),
        ],
      })),
    count: (cap) =>
      countUpTo(
        scope.db,
        scope.db
          .select({ one: sql`1` })
          .from(pevos)
          .leftJoin(pevoTaxProfiles, profileOfPevo)
          .where(missingW9Where(scope))
          .$dynamic(),
        cap,
      ),
  });
}
