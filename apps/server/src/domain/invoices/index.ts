// The company's invoices with their line items and payments: the office's commands (write a draft,
// change a sent invoice's notes, send, void, void and reissue, delete, record and delete payments; the
// client's credit: added by an overpayment or a credit note, applied to an invoice, refunded),
// the token holder's view (/i/{token}), the overdue reminders' job plumbing, and the read queries of
// the invoice rules (open, overdue, aging) that receivables, the dashboard and dispatches show.

export { openBalances, openWithBalance } from "./aging";
export { applyClientCredit } from "./apply-credit";
export { listBillJobClients, listBillJobs } from "./bill-jobs";
export { createInvoiceFromJobs } from "./bill-jobs-invoice";
export { addClientCredit, clientCredit } from "./client-credit";
export { applyCreditNote, creditableInvoice } from "./credit-note-payment";
export { deleteInvoice } from "./delete-invoice";
export { type ExportedLine, invoicesIssuedInRange, paymentsInRange } from "./exports";
export { sendToFactor, setInvoiceFactored } from "./factoring";
export { getInvoice, INVOICE_NOT_FOUND } from "./get-invoice";
export { hasInvoices } from "./has-invoices";
export { updateInvoiceNotes } from "./invoice-notes";
export { invoiceToday, overdueSql } from "./invoice-status";
export { exportInvoices, INVOICE_CSV_HEADER, listInvoices, nextInvoiceNumber } from "./list-invoices";
export { deletePayment, listPayments, PAYMENT_NOT_FOUND, recordPayment } from "./payments";
export { renderInvoicePdf } from "./pdf";
export { INVOICE_LINK_MESSAGES, openPublicInvoice, publicInvoicePdf } from "./public-invoice";
export { listReceivables } from "./receivables";
export { refundClientCredit } from "./refund-credit";
export { reissueInvoice } from "./reissue-invoice";
export { INVOICE_REMINDER, invoiceReminderHandlers } from "./reminders";
export { createInvoice, updateInvoice } from "./save-invoice";
export { invoiceFileName, sendInvoice } from "./send-invoice";
export { clientStatement, type TClientStatement } from "./statement";
export { suggestedLines } from "./suggested-lines";
export { voidInvoice } from "./void-invoice";
