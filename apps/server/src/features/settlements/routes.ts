import {
  offsetPage,
  ZCreateSettlement,
  ZEarnings,
  ZEarningsQuery,
  ZMarkSettlementPaid,
  ZPayPlanInput,
  ZPayPlans,
  ZSettlementAdjustmentInput,
  ZSettlementListItem,
  ZSettlementListParams,
  ZSettlementPevo,
  ZSettlementPevoSummary,
  ZSettlementPevosParams,
  ZSettlementSummary,
} from "@pevo/shared";
import {
  ADJUSTMENT_NOT_FOUND,
  addAdjustment,
  approveSettlement,
  createSettlement,
  deleteSettlement,
  getPevoSettlement,
  getSettlement,
  getSettlementPevo,
  getSettlementPevos,
  holdJob,
  JOB_NOT_IN_SETTLEMENT,
  listSettlements,
  officeStatementPdf,
  PEVO_NOT_FOUND,
  PEVO_NOT_IN_SETTLEMENT,
  payPlansOf,
  paySettlement,
  pevoEarnings,
  pevoStatementPdf,
  removeAdjustment,
  SETTLEMENT_NOT_FOUND,
  savePayPlan,
} from "../../domain/settlements";
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
import { todayIso } from "../../lib/dates";

const tags = ["PEVO pay"];
const Settlement = named("SettlementSummary", ZSettlementSummary);
const SettlementPevo = named("SettlementPevo", ZSettlementPevo);
const PayPlans = named("PayPlans", ZPayPlans);
const params = idParams(SETTLEMENT_NOT_FOUND);
const pevoParams = idParams(PEVO_NOT_FOUND);

const plans = createRouter();
plans.use(requireAdmin);

/** /api/pay-plans: the company default and each PEVO's plan, versioned by effective date. */
export const payPlanRoutes = plans
  .openapi(
    createRoute({
      method: "get",
      path: "/default",
      tags,
      summary: "The company's default pay plan: the version in force today and every version",
      responses: { 200: json(PayPlans, "The default plan's versions"), ...errors(401, 403) },
    }),
    async (c) => c.json(await payPlansOf(scopeOf(c), null), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/default",
      tags,
      summary: "A new version of the company's default pay plan, in force for jobs from its effective date",
      request: { body: jsonBody(ZPayPlanInput) },
      responses: { 201: json(PayPlans, "The default plan's versions"), ...errors(400, 401, 403) },
    }),
    async (c) => c.json(await savePayPlan(scopeOf(c), { pevoId: null, plan: c.req.valid("json") }), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/pevos/{id}",
      tags,
      summary: "A PEVO's own pay plan (its versions) and the company default in force",
      request: { params: pevoParams },
      responses: { 200: json(PayPlans, "The PEVO's plan versions"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await payPlansOf(scopeOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/pevos/{id}",
      tags,
      summary: "A new version of a PEVO's own pay plan, in force for their jobs from its effective date",
      request: { params: pevoParams, body: jsonBody(ZPayPlanInput) },
      responses: { 201: json(PayPlans, "The PEVO's plan versions"), ...errors(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await savePayPlan(scopeOf(c), { pevoId: c.req.valid("param").id, plan: c.req.valid("json") }),
        201,
      ),
  );

const office = createRouter();
office.use(requireAdmin);

/** /api/settlements: settlement runs (DECISIONS 'PEVO pay'). */
export const settlementRoutes = office
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary: "A page of the company's settlements, newest first",
      request: { query: ZSettlementListParams },
      responses: {
        200: json(
          named("SettlementPage", offsetPage(named("SettlementListItem", ZSettlementListItem))),
          "One page",
        ),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listSettlements(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/",
      tags,
      summary:
        "Run a settlement for a pay period: a draft paying each PEVO's completed jobs of the period that no settlement pays yet (jobs not invoiced are held unless includeUninvoiced). 409 when none is left",
      request: { body: jsonBody(ZCreateSettlement) },
      responses: { 201: json(Settlement, "The draft"), ...errors(400, 401, 403, 409) },
    }),
    async (c) => c.json(await createSettlement(scopeOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      tags,
      summary:
        "A settlement's state and totals: its PEVO count, job count and net (a draft is recomputed); its PEVOs are read a page at a time (/pevos), each PEVO's jobs and adjustments per PEVO",
      request: { params },
      responses: { 200: json(Settlement, "The settlement"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await getSettlement(scopeOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/pevos",
      tags,
      summary:
        "A page of a settlement's PEVOs in name order, each with its job count and totals (a draft is recomputed)",
      request: { params, query: ZSettlementPevosParams },
      responses: {
        200: json(
          named("SettlementPevoPage", offsetPage(named("SettlementPevoSummary", ZSettlementPevoSummary))),
          "One page",
        ),
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) =>
      c.json(await getSettlementPevos(scopeOf(c), c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/pevos/{pevoId}",
      tags,
      summary:
        "One PEVO's statement of a settlement: jobs with pay lines and expenses, adjustments, totals (a draft's are recomputed)",
      request: { params: params.extend({ pevoId: uuidParam(PEVO_NOT_IN_SETTLEMENT) }) },
      responses: { 200: json(SettlementPevo, "The PEVO's statement"), ...errors(401, 403, 404) },
    }),
    async (c) => {
      const { id, pevoId } = c.req.valid("param");
      return c.json(await getSettlementPevo(scopeOf(c), id, pevoId), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}",
      tags,
      summary: "Delete a draft settlement: its jobs are free for another run. 409 once approved",
      request: { params },
      responses: { 204: { description: "Deleted" }, ...errors(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteSettlement(scopeOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/adjustments",
      tags,
      summary:
        "Add an adjustment to a PEVO's statement of a draft: advance (deducted), deduction, bonus, reimbursement",
      request: { params, body: jsonBody(ZSettlementAdjustmentInput) },
      responses: { 201: json(Settlement, "The settlement"), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await addAdjustment(scopeOf(c), {
          settlementId: c.req.valid("param").id,
          adjustment: c.req.valid("json"),
        }),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}/adjustments/{adjustmentId}",
      tags,
      summary: "Remove an adjustment of a draft",
      request: { params: params.extend({ adjustmentId: uuidParam(ADJUSTMENT_NOT_FOUND) }) },
      responses: { 200: json(Settlement, "The settlement"), ...errors(401, 403, 404, 409) },
    }),
    async (c) => {
      const { id, adjustmentId } = c.req.valid("param");
      return c.json(await removeAdjustment(scopeOf(c), { settlementId: id, adjustmentId }), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}/jobs/{dispatchId}",
      tags,
      summary: "Hold a job back from a draft: a later run pays it",
      request: { params: params.extend({ dispatchId: uuidParam(JOB_NOT_IN_SETTLEMENT) }) },
      responses: { 200: json(Settlement, "The settlement"), ...errors(401, 403, 404, 409) },
    }),
    async (c) => {
      const { id, dispatchId } = c.req.valid("param");
      return c.json(await holdJob(scopeOf(c), { settlementId: id, dispatchId }), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/approve",
      tags,
      summary: "Approve a draft: its figures are stored and locked. 409 once approved",
      request: { params },
      responses: { 200: json(Settlement, "The settlement"), ...errors(401, 403, 404, 409) },
    }),
    async (c) => c.json(await approveSettlement(scopeOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/pay",
      tags,
      summary:
        "Mark an approved settlement paid (date, method, reference); each PEVO is emailed their statement. 409 unless approved",
      request: { params, body: jsonBody(ZMarkSettlementPaid) },
      responses: { 200: json(Settlement, "The settlement"), ...errors(400, 401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await paySettlement(
          scopeOf(c),
          { id: c.req.valid("param").id, payment: c.req.valid("json") },
          c.get("deps"),
        ),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/statements/{pevoId}/pdf",
      tags,
      summary: "One PEVO's statement of the settlement as a PDF (a download)",
      request: {
        params: params.extend({ pevoId: uuidParam(PEVO_NOT_IN_SETTLEMENT) }),
      },
      responses: { 200: pdfDownload("The statement PDF"), ...errors(401, 403, 404) },
    }),
    async (c) => {
      const scope = scopeOf(c);
      const { id, pevoId } = c.req.valid("param");
      const { pdf, fileName } = await officeStatementPdf(
        scope,
        await getPevoSettlement(scope, id, pevoId),
        pevoId,
      );
      return download(c, pdf, fileName, "application/pdf");
    },
  );

const portal = createRouter();
portal.use(requirePevo);

/** /api/portal/earnings: the PEVO's own statements only. */
export const portalEarningsRoutes = portal
  .openapi(
    createRoute({
      method: "get",
      path: "/earnings",
      tags: ["Portal"],
      summary:
        "The PEVO's own statements of approved and paid settlements, newest period first (keyset pages: pass nextCursor back as cursor), and this year's total of the paid ones",
      request: { query: ZEarningsQuery },
      responses: { 200: json(named("Earnings", ZEarnings), "The PEVO's earnings"), ...errors(401, 403) },
    }),
    async (c) =>
      c.json(await pevoEarnings(scopeOf(c), await pevoIdOf(c), c.req.valid("query"), todayIso()), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/earnings/{id}/pdf",
      tags: ["Portal"],
      summary: "The PEVO's own statement of an approved or paid settlement as a PDF",
      request: { params },
      responses: { 200: pdfDownload("The statement PDF"), ...errors(401, 403, 404) },
    }),
    async (c) => {
      const { pdf, fileName } = await pevoStatementPdf(
        scopeOf(c),
        await pevoIdOf(c),
        c.req.valid("param").id,
      );
      return download(c, pdf, fileName, "application/pdf");
    },
  );
