import { PAGE_SIZE_MAX } from "@pevo/shared";
import type { FileStorage } from "../../lib/storage";
import type { Scope } from "../../lib/tenant";
import { getCompanySettings } from "../company";
import { getDispatch, getDispatchTimeline } from "../dispatches";
import { uploadDocument } from "../documents";
import { listDispatchTripLogs } from "../trip-logs";
import type { PaperworkViewer } from "./access";
import { renderJobPacketPdf } from "./packet-pdf";
import { getJobPaperwork } from "./paperwork";

/** The job packet PDF of a dispatch the viewer may see (404 otherwise), with its file name. */
export async function jobPacketPdf(scope: Scope, dispatchId: string, viewer: PaperworkViewer) {
  // First: the viewer's access (a PEVO reads only their own job's packet).
  const paperwork = await getJobPaperwork(scope, dispatchId, viewer);
  const [company, dispatch, timeline, trips] = await Promise.all([
    getCompanySettings(scope),
    getDispatch(scope, dispatchId),
    getDispatchTimeline(scope, dispatchId),
    // A job has a few trips: the first page of the largest size holds them all.
    listDispatchTripLogs(scope, dispatchId, {
      page: 1,
      pageSize: PAGE_SIZE_MAX,
      sort: "tripDate",
      dir: "asc",
    }),
  ]);
  const bytes = await renderJobPacketPdf({ company, dispatch, paperwork, timeline, trips: trips.items });
  const job = dispatch.rateConfirmation?.jobNumber;
  const fileName = `job-packet-${job ?? dispatch.pickupDate}.pdf`.replace(/[^A-Za-z0-9._-]/g, "-");
  return { bytes, fileName };
}

/**
 * The office adds the packet, as it stands now, to the job's documents (a signed form), where the
 * invoice email and the factoring packet pick their attachments from (DECISIONS 'Job paperwork').
 */
export async function attachJobPacket(scope: Scope, storage: FileStorage, dispatchId: string) {
  const { bytes, fileName } = await jobPacketPdf(scope, dispatchId, { role: "admin" });
  return uploadDocument(scope, {
    storage,
    owner: { kind: "dispatch", id: dispatchId },
    viewer: { role: "admin" },
    upload: { bytes, contentType: "application/pdf", fileName, category: "signed_form" },
  });
}
