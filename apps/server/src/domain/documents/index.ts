// The company's documents (files of a PEVO, a rate confirmation or a dispatch) and the queue that
// removes their stored objects (file-queue.ts) with its `document-purge` job.
export {
  DISPATCH_NOT_FOUND,
  DOCUMENT_NOT_FOUND,
  type DocumentViewer,
  deleteDocument,
  keptUpload,
  listDocuments,
  openDocument,
  PEVO_NOT_FOUND,
  RATE_CONFIRMATION_NOT_FOUND,
  uploadDocument,
} from "./documents";
export { purgeQueuedFiles, queueUpload } from "./file-queue";
export { documentPurgeHandlers } from "./purge-job";
