import {
  offsetPage,
  ZCreditNote,
  ZCreditNoteListItem,
  ZCreditNoteListParams,
  ZCreditNoteSent,
  ZIssueCreditNote,
  ZSendInvoice,
} from "@pevo/shared";
import {
  CREDIT_NOTE_NOT_FOUND,
  creditNoteFileName,
  getCreditNote,
  issueCreditNote,
  listCreditNotes,
  renderCreditNotePdf,
  sendCreditNote,
} from "../../domain/credit-notes";
import { INVOICE_NOT_FOUND } from "../../domain/invoices";
import { download, pdfDownload } from "../../http/download";
import { createRoute, createRouter, errors, idParams, json, jsonBody, named } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";

const tags = ["Credit notes"];
const params = idParams(CREDIT_NOTE_NOT_FOUND);
const CreditNote = named("CreditNote", ZCreditNote);

/** Every credit note field the office reads; the customer's address is printed, not listed. */
const officeView = ({ customerAddress: _address, ...note }: Awaited<ReturnType<typeof getCreditNote>>) =>
  note;

const router = createRouter();
router.use(requireAdmin);

/** The office's credit notes (DECISIONS 'Credit notes'): list, one, its PDF, send it to the client. */
export const creditNoteRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      tags,
      summary:
        "A page of the company's credit notes, newest first (searched by credit note or invoice number; one invoice's with invoiceId)",
      request: { query: ZCreditNoteListParams },
      responses: {
        200: json(
          named("CreditNotePage", offsetPage(named("CreditNoteListItem", ZCreditNoteListItem))),
          "One page of the credit notes",
        ),
        ...errors(400, 401, 403),
      },
    }),
    async (c) => c.json(await listCreditNotes(scopeOf(c), c.req.valid("query")), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      tags,
      summary: "A credit note with its lines and where its total went",
      request: { params },
      responses: { 200: json(CreditNote, "The credit note"), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(officeView(await getCreditNote(scopeOf(c), c.req.valid("param").id)), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/pdf",
      tags,
      summary: "The credit note as a PDF (a download)",
      request: { params },
      responses: {
        200: pdfDownload("The PDF, as an attachment named credit-note-<number>.pdf"),
        ...errors(401, 403, 404),
      },
    }),
    async (c) => {
      const scope = scopeOf(c);
      const note = await getCreditNote(scope, c.req.valid("param").id);
      const pdf = await renderCreditNotePdf(scope, note);
      return download(c, pdf, creditNoteFileName(note.creditNoteNumber), "application/pdf");
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/send",
      tags,
      summary:
        "Email the credit note to the client (PDF attached, a 30-day link to its public page). mailSent false when the email failed (send again to retry)",
      request: { params, body: jsonBody(ZSendInvoice) },
      responses: {
        200: json(named("CreditNoteSent", ZCreditNoteSent), "Sent"),
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) =>
      c.json(
        await sendCreditNote(
          scopeOf(c),
          { id: c.req.valid("param").id, send: c.req.valid("json") },
          c.get("deps"),
        ),
        200,
      ),
  );

const invoiceRouter = createRouter();
invoiceRouter.use(requireAdmin);

/** Issuing a credit note is an action on its invoice: POST /api/invoices/{id}/credit-notes. */
export const invoiceCreditNoteRoutes = invoiceRouter.openapi(
  createRoute({
    method: "post",
    path: "/{id}/credit-notes",
    tags,
    summary:
      "Issue a credit note against a sent or paid invoice: up to its balance is applied to it (a credit_note payment), the rest is credited to the client's account. 400 above the invoice's total minus the credit notes already issued; 409 for a draft or void invoice",
    request: { params: idParams(INVOICE_NOT_FOUND), body: jsonBody(ZIssueCreditNote) },
    responses: { 201: json(CreditNote, "The credit note"), ...errors(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      officeView(
        await issueCreditNote(scopeOf(c), {
          invoiceId: c.req.valid("param").id,
          creditNote: c.req.valid("json"),
        }),
      ),
      201,
    ),
);
