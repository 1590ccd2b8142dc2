import { Route, Routes } from "react-router";
import { BackButton, ProblemState } from "@/components/states";
import { CreditNoteListPage } from "@/features/credit-notes";
import BillJobsPage from "./bill-jobs-page";
import EditInvoicePage from "./edit-invoice-page";
import InvoiceDetailPage from "./invoice-detail-page";
import InvoiceListPage from "./invoice-list-page";
import NewInvoicePage from "./new-invoice-page";

/** /invoices/* (SPEC §2): the list, /new, /bill-jobs, /edit/{id}, the detail view /{id}, and the credit notes' list. */
export default function InvoicesPage() {
  return (
    <Routes>
      <Route index element={<InvoiceListPage />} />
      <Route path="new" element={<NewInvoicePage />} />
      <Route path="bill-jobs" element={<BillJobsPage />} />
      <Route path="credit-notes" element={<CreditNoteListPage />} />
      <Route path="edit/:id" element={<EditInvoicePage />} />
      <Route path=":id" element={<InvoiceDetailPage />} />
      <Route
        path="*"
        element={
          <ProblemState
            message="Page not found"
            back={<BackButton to="/invoices" label="Back to Invoices" />}
          />
        }
      />
    </Routes>
  );
}
