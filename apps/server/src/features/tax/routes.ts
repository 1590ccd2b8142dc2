/**
 * The W-9 on file and the 1099-NEC year end (DECISIONS 'Year end: W-9 and 1099-NEC').
 *
 * The PEVO (portal): their own tax info, `/api/portal/tax-profile`.
 * The office (admins): a PEVO's tax info `/api/pevos/{id}/tax-profile`, the logged reveal of its TIN
 * (the one answer carrying it), a tax year's settings and view `/api/tax-years/{year}`, the 1099-NEC
 * CSV (the one export carrying TINs) and a PEVO's Copy B PDF.
 */
import {
  TAX_YEAR_LIMITS,
  ZMissingW9Page,
  ZRevealedTin,
  ZTaxInfo,
  ZTaxProfileInput,
  ZTaxRecipientPage,
  ZTaxYear,
  ZTaxYearListParams,
  ZTaxYearSettingsInput,
} from "@pevo/shared";
import type { Context } from "hono";
import { z } from "zod";
import {
  copyBPdf,
  export1099Csv,
  FORM_1099_CSV_HEADER,
  getTaxInfo,
  missingW9s,
  PEVO_NOT_FOUND,
  revealTin,
  saveTaxProfile,
  saveTaxYearSettings,
  taxYearOverview,
  taxYearRecipients,
} from "../../domain/tax-profiles";
import { derivedTinKey } from "../../env";
import type { AppEnv } from "../../http/context";
import { csvResponse } from "../../http/csv";
import { download, pdfDownload } from "../../http/download";
import {
  createRoute,
  createRouter,
  errors,
  idParams,
  json,
  jsonBody,
  named,
  uuidParam,
} from "../../http/openapi";
import { pevoIdOf } from "../../http/pevo";
import { requireAdmin, requirePevo, scopeOf } from "../../http/session";

const TaxInfo = named("TaxInfo", ZTaxInfo);
const TaxProfileInput = named("TaxProfileInput", ZTaxProfileInput);
const TaxYear = named("TaxYear", ZTaxYear);

/** The key of the TINs at rest: TIN_ENCRYPTION_KEY, or the development key (env.ts). */
const tinKeyOf = (c: Context<AppEnv>) => {
  const { config } = c.get("deps");
  return (config.tinKey ?? derivedTinKey(config.authSecret)).key;
};

const YEAR_MESSAGE = `Tax year must be a year from ${TAX_YEAR_LIMITS.earliest} to ${TAX_YEAR_LIMITS.latest}`;
const yearParam = z
  .string()
  .regex(/^\d{4}$/, { message: YEAR_MESSAGE })
  .transform(Number)
  .refine((y) => y >= TAX_YEAR_LIMITS.earliest && y <= TAX_YEAR_LIMITS.latest, { message: YEAR_MESSAGE })
  .meta({ type: "integer", example: 2026 });
const yearParams = z.object({ year: yearParam });

const portalTags = ["Portal"];
const portal = createRouter();

/** The PEVO's own W-9 (mounted at /api/portal). */
export const portalTaxRoutes = portal
  .openapi(
    createRoute({
      method: "get",
      path: "/tax-profile",
      tags: portalTags,
      summary: "My tax info (W-9): the TIN masked",
      middleware: [requirePevo],
      responses: { 200: json(TaxInfo, "My tax info"), ...errors(401, 403) },
    }),
    async (c) => c.json(await getTaxInfo(scopeOf(c), await pevoIdOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/tax-profile",
      tags: portalTags,
      summary: "Enter or update my tax info (W-9); a blank TIN keeps the one on file",
      middleware: [requirePevo],
      request: { body: jsonBody(TaxProfileInput) },
      responses: { 200: json(TaxInfo, "My tax info, the TIN masked"), ...errors(400, 401, 403) },
    }),
    async (c) =>
      c.json(
        await saveTaxProfile(scopeOf(c), {
          pevoId: await pevoIdOf(c),
          data: c.req.valid("json"),
          tinKey: tinKeyOf(c),
          by: "pevo",
        }),
        200,
      ),
  );

const officeTags = ["Tax"];
const office = createRouter();
const pevoParams = idParams(PEVO_NOT_FOUND);

/** The office's W-9s and year end (mounted at /api). */
export const officeTaxRoutes = office
  .openapi(
    createRoute({
      method: "get",
      path: "/pevos/{id}/tax-profile",
      tags: officeTags,
      summary: "A PEVO's tax info (W-9): the TIN masked",
      middleware: [requireAdmin],
      request: { params: pevoParams },
      responses: { 200: json(TaxInfo, "The PEVO's tax info"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await getTaxInfo(scopeOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/pevos/{id}/tax-profile",
      tags: officeTags,
      summary: "Enter or update a PEVO's tax info (W-9); a blank TIN keeps the one on file",
      middleware: [requireAdmin],
      request: { params: pevoParams, body: jsonBody(TaxProfileInput) },
      responses: { 200: json(TaxInfo, "The PEVO's tax info, the TIN masked"), ...errors(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await saveTaxProfile(scopeOf(c), {
          pevoId: c.req.valid("param").id,
          data: c.req.valid("json"),
          tinKey: tinKeyOf(c),
          by: "office",
        }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pevos/{id}/tax-profile/reveal",
      tags: officeTags,
      summary: "Reveal a PEVO's TIN (recorded in the activity: who and when)",
      middleware: [requireAdmin],
      request: { params: pevoParams },
      responses: {
        200: json(named("RevealedTin", ZRevealedTin), "The TIN written out"),
        ...errors(401, 403, 404),
      },
    }),
    async (c) => {
      const revealed = await revealTin(scopeOf(c), { pevoId: c.req.valid("param").id, tinKey: tinKeyOf(c) });
      c.header("Cache-Control", "no-store");
      return c.json(revealed, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/tax-years/{year}",
      tags: officeTags,
      summary:
        "A tax year's 1099-NEC settings and how many PEVOs were paid, reach the threshold and miss a W-9 (the lists are paged: …/recipients, …/missing-w9s)",
      middleware: [requireAdmin],
      request: { params: yearParams },
      responses: { 200: json(TaxYear, "The tax year"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await taxYearOverview(scopeOf(c), c.req.valid("param").year), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/tax-years/{year}/recipients",
      tags: officeTags,
      summary:
        "A page of the PEVOs paid in the tax year, highest first: box 1, whether it reaches the threshold, W-9 on file",
      middleware: [requireAdmin],
      request: { params: yearParams, query: ZTaxYearListParams },
      responses: {
        200: json(named("TaxRecipientPage", ZTaxRecipientPage), "A page of the year's recipients"),
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) =>
      c.json(await taxYearRecipients(scopeOf(c), c.req.valid("param").year, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/tax-years/{year}/missing-w9s",
      tags: officeTags,
      summary: "A page of the active PEVOs without a complete W-9, by name, with what each is missing",
      middleware: [requireAdmin],
      request: { params: yearParams, query: ZTaxYearListParams },
      responses: {
        200: json(named("MissingW9Page", ZMissingW9Page), "A page of the PEVOs missing a W-9"),
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) => c.json(await missingW9s(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/tax-years/{year}",
      tags: officeTags,
      summary: "Save a tax year's 1099-NEC settings: threshold, reimbursed expenses, payer's TIN",
      middleware: [requireAdmin],
      request: { params: yearParams, body: jsonBody(named("TaxYearSettingsInput", ZTaxYearSettingsInput)) },
      responses: { 200: json(TaxYear, "The tax year"), ...errors(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await saveTaxYearSettings(scopeOf(c), {
          year: c.req.valid("param").year,
          settings: c.req.valid("json"),
        }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/tax-years/{year}/1099-nec.csv",
      tags: officeTags,
      summary:
        "The 1099-NEC CSV for a 1099 e-file service: the recipients at or above the threshold, TINs whole (the export is recorded in the activity)",
      middleware: [requireAdmin],
      request: { params: yearParams },
      responses: {
        200: {
          description: `1099-nec-YYYY.csv: ${FORM_1099_CSV_HEADER.join(", ")}`,
          content: { "text/csv": { schema: z.string() } },
        },
        ...errors(401, 403, 404),
      },
    }),
    async (c) => {
      const year = c.req.valid("param").year;
      const rows = await export1099Csv(scopeOf(c), { year, tinKey: tinKeyOf(c) });
      return csvResponse(
        c,
        `1099-nec-${year}.csv`,
        [...FORM_1099_CSV_HEADER],
        (async function* () {
          yield* rows;
        })(),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/tax-years/{year}/1099-nec/{pevoId}/copy-b.pdf",
      tags: officeTags,
      summary: "A PEVO's Form 1099-NEC Copy B (for the recipient) as a PDF",
      middleware: [requireAdmin],
      request: { params: z.object({ year: yearParam, pevoId: uuidParam(PEVO_NOT_FOUND) }) },
      responses: {
        200: pdfDownload("The PDF, as an attachment named 1099-nec-YYYY-copy-b-<PEVO>.pdf"),
        ...errors(401, 403, 404),
      },
    }),
    async (c) => {
      const { year, pevoId } = c.req.valid("param");
      const { pdf, pevoName } = await copyBPdf(scopeOf(c), { year, pevoId });
      const name = pevoName.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "pevo";
      return download(c, pdf, `1099-nec-${year}-copy-b-${name}.pdf`, "application/pdf");
    },
  );
