// Credit notes on the web (DECISIONS 'Credit notes'): the invoice page's card and the list page.
export { InvoiceCreditNotes } from "./components/invoice-credit-notes";
export { default as CreditNoteListPage } from "./pages/credit-note-list-page";
