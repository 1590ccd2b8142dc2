// What other features use of documents: the card, the field a credential attaches a document with,
// and a document's file address.
export { type DocumentsOwner, documentFileHref, useUploadDocument } from "./api";
export { DocumentField } from "./components/document-field";
export { DocumentsCard } from "./components/documents-card";
