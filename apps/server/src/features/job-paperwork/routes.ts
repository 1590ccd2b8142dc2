import {
  ZDocumentResponse,
  ZJobLogEntry,
  ZJobLogEntryResponse,
  ZJobPaperwork,
  ZSafetyChecklist,
  ZSafetyChecklistResponse,
  ZSafetyMeeting,
  ZSafetyMeetingResponse,
} from "@pevo/shared";
import { z } from "zod";
import {
  addJobLogEntry,
  attachJobPacket,
  DISPATCH_NOT_FOUND,
  getJobPaperwork,
  getSafetyChecklist,
  jobPacketPdf,
  saveSafetyChecklist,
  signSafetyMeeting,
} from "../../domain/job-paperwork";
import { download, pdfDownload } from "../../http/download";
import { createRoute, createRouter, errors, json, jsonBody, named, uuidParam } from "../../http/openapi";
import { pevoIdOf } from "../../http/pevo";
import { requireAdmin, requirePevo, scopeOf } from "../../http/session";

const params = z.object({ id: uuidParam(DISPATCH_NOT_FOUND) });
const JobPaperwork = named("JobPaperwork", ZJobPaperwork);
const SafetyMeeting = named("SafetyMeeting", ZSafetyMeetingResponse);
const JobLogEntry = named("JobLogEntry", ZJobLogEntryResponse);
const SafetyChecklist = named("SafetyChecklist", ZSafetyChecklistResponse);
const packetPdf = pdfDownload("The job packet PDF, as an attachment named job-packet-<job number>.pdf");
const ADMIN = { role: "admin" } as const;

const portal = createRouter();
portal.use(requirePevo);

/**
 * The PEVO's paperwork on their own job (mounted at /api/portal/dispatches). Each write carries the
 * phone's id: a repeat answers 200 with the record already kept (201 the first time).
 */
export const portalPaperworkRoutes = portal
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/paperwork",
      tags: ["Portal"],
      summary: "My job's safety meeting (or the checklist to sign), stop log and pole-height log",
      request: { params },
      responses: { 200: json(JobPaperwork, "The job's paperwork"), ...errors(400, 401, 403, 404) },
    }),
    async (c) =>
      c.json(
        await getJobPaperwork(scopeOf(c), c.req.valid("param").id, {
          role: "pevo",
          pevoId: await pevoIdOf(c),
        }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/safety-meeting",
      tags: ["Portal"],
      summary:
        "Sign the pre-trip safety meeting (the PEVO and the truck driver); a repeat of the same id returns it",
      request: { params, body: jsonBody(ZSafetyMeeting) },
      responses: {
        200: json(SafetyMeeting, "Already signed with this id: the meeting kept"),
        201: json(SafetyMeeting, "Signed"),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { meeting, created } = await signSafetyMeeting(scopeOf(c), {
        pevoId: await pevoIdOf(c),
        dispatchId: c.req.valid("param").id,
        input: c.req.valid("json"),
      });
      return created ? c.json(meeting, 201) : c.json(meeting, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/log-entries",
      tags: ["Portal"],
      summary:
        "Log a stop, the pole height, a clearance strike or a near-miss; a repeat of the same id returns it",
      request: { params, body: jsonBody(ZJobLogEntry) },
      responses: {
        200: json(JobLogEntry, "Already logged with this id: the entry kept"),
        201: json(JobLogEntry, "Logged"),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { entry, created } = await addJobLogEntry(scopeOf(c), {
        pevoId: await pevoIdOf(c),
        dispatchId: c.req.valid("param").id,
        input: c.req.valid("json"),
      });
      return created ? c.json(entry, 201) : c.json(entry, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/packet.pdf",
      tags: ["Portal"],
      summary: "My job's packet PDF",
      request: { params },
      responses: { 200: packetPdf, ...errors(400, 401, 403, 404) },
    }),
    async (c) => {
      const viewer = { role: "pevo", pevoId: await pevoIdOf(c) } as const;
      const { bytes, fileName } = await jobPacketPdf(scopeOf(c), c.req.valid("param").id, viewer);
      return download(c, bytes, fileName, "application/pdf");
    },
  );

const office = createRouter();
office.use(requireAdmin);

/** The office reads a job's paperwork, downloads its packet and adds it to the job's documents (mounted at /api/dispatches). */
export const officePaperworkRoutes = office
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/paperwork",
      tags: ["Dispatches"],
      summary: "The job's safety meeting, stop log and pole-height log",
      request: { params },
      responses: { 200: json(JobPaperwork, "The job's paperwork"), ...errors(400, 401, 403, 404) },
    }),
    async (c) => c.json(await getJobPaperwork(scopeOf(c), c.req.valid("param").id, ADMIN), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/packet.pdf",
      tags: ["Dispatches"],
      summary: "The job packet PDF: safety meeting, stop log, pole-height log, trip log, steps",
      request: { params },
      responses: { 200: packetPdf, ...errors(400, 401, 403, 404) },
    }),
    async (c) => {
      const { bytes, fileName } = await jobPacketPdf(scopeOf(c), c.req.valid("param").id, ADMIN);
      return download(c, bytes, fileName, "application/pdf");
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/packet",
      tags: ["Dispatches"],
      summary: "Add the job packet PDF, as it stands now, to the job's documents",
      request: { params },
      responses: {
        201: json(named("Document", ZDocumentResponse), "The new document"),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    async (c) =>
      c.json(await attachJobPacket(scopeOf(c), c.get("deps").storage, c.req.valid("param").id), 201),
  );

const settings = createRouter();
settings.use(requireAdmin);

/** The company's safety meeting checklist (mounted at /api/company). */
export const safetyChecklistRoutes = settings
  .openapi(
    createRoute({
      method: "get",
      path: "/safety-checklist",
      tags: ["Company"],
      summary: "The company's pre-trip safety meeting checklist (the defaults until it is edited)",
      responses: { 200: json(SafetyChecklist, "The checklist"), ...errors(401, 403) },
    }),
    async (c) => c.json(await getSafetyChecklist(scopeOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/safety-checklist",
      tags: ["Company"],
      summary: "Save the company's safety meeting checklist (meetings already signed keep theirs)",
      request: { body: jsonBody(ZSafetyChecklist) },
      responses: { 200: json(SafetyChecklist, "The checklist"), ...errors(400, 401, 403) },
    }),
    async (c) => c.json(await saveSafetyChecklist(scopeOf(c), c.req.valid("json")), 200),
  );
