// Credit notes (DECISIONS 'Credit notes'): the accountant's correction of a sent or paid invoice. A
// numbered record CN-YYYY-NNNN with its own lines, issued in one step and never edited; the part up
// to the invoice's balance is applied to it through domain/invoices (applyCreditNote), the rest is
// credited to the client's account (`toCredit`). Its PDF, its email and the token holder's view.

export { creditNotesInRange, type ExportedCreditNoteLine } from "./exports";
export {
  CREDIT_NOTE_NOT_FOUND,
  creditNoteFileName,
  getCreditNote,
} from "./get-credit-note";
export { issueCreditNote } from "./issue-credit-note";
export { listCreditNotes } from "./list-credit-notes";
export { renderCreditNotePdf } from "./pdf";
export { CREDIT_NOTE_LINK_MESSAGES, openPublicCreditNote, publicCreditNotePdf } from "./public-credit-note";
export { sendCreditNote } from "./send-credit-note";
