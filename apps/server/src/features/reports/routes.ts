import { offsetPage, ZJobMargin, ZJobsReportFilters, ZJobsReportQuery, ZMonthlyMargins } from "@pevo/shared";
import { z } from "zod";
import {
  JOB_NOT_FOUND,
  JOBS_REPORT_CSV_HEADER,
  jobMargin,
  jobsReport,
  jobsReportCsvRows,
  monthlyMargins,
} from "../../domain/settlements";
import { csvResponse } from "../../http/csv";
import { createRoute, createRouter, dayQueryParam, errors, idParams, json, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";
import { todayIso } from "../../lib/dates";

const tags = ["Reports"];
const JobMargin = named("JobMargin", ZJobMargin);

const router = createRouter();
router.use(requireAdmin);

/** /api/reports: margin (DECISIONS 'Margin'): the jobs report, one job's margin, the monthly figures. */
export const reportRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/jobs",
      tags,
      summary: "A page of the completed jobs with invoiced, PEVO pay and margin (latest pickup first)",
      request: { query: ZJobsReportQuery },
      responses: {
        200: json(named("JobsReportPage", offsetPage(JobMargin)), "One page of the jobs report"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await jobsReport(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/jobs/export.csv",
      tags,
      summary: "Every completed job the filters match, with its margin, as CSV (a download, not paged)",
      request: { query: ZJobsReportFilters },
      responses: {
        200: {
          description: `The CSV, as an attachment named jobs-report-YYYY-MM-DD.csv. Columns: ${JOBS_REPORT_CSV_HEADER.join(", ")}`,
          content: { "text/csv": { schema: z.string() } },
        },
        ...errors(400, 401, 403),
      },
    }),
    (c) =>
      csvResponse(
        c,
        `jobs-report-${todayIso()}.csv`,
        JOBS_REPORT_CSV_HEADER,
        jobsReportCsvRows(scopeOf(c), c.req.valid("query")),
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/jobs/{id}",
      tags,
      summary: "One dispatch's invoiced amount, PEVO pay and margin (the dispatch page)",
      request: { params: idParams(JOB_NOT_FOUND) },
      responses: { 200: json(JobMargin, "The job's margin"), ...errors(400, 401, 403, 404) },
    }),
    async (c) => c.json(await jobMargin(scopeOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/monthly",
      tags,
      summary:
        "The last 12 months in the company's time zone: invoiced, collected, PEVO pay and margin per month",
      request: {
        query: z.object({
          today: dayQueryParam("today").describe("The last month's day; the company's today by default"),
        }),
      },
      responses: {
        200: json(named("MonthlyMargins", ZMonthlyMargins), "The months, oldest first"),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await monthlyMargins(scopeOf(c), c.req.valid("query").today), 200),
  );
