import { Route, Routes } from "react-router";
import { BackButton, ProblemState } from "@/components/states";
import NewRateConfirmationPage from "./new-rate-confirmation-page";
import RateConfirmationDetailsPage from "./rate-confirmation-details-page";
import RateConfirmationsListPage from "./rate-confirmations-list-page";

/** /rate-confirmations/* (SPEC §2): the list, the create form and the details of one. */
export default function RateConfirmationsPage() {
  return (
    <Routes>
      <Route index element={<RateConfirmationsListPage />} />
      <Route path="new" element={<NewRateConfirmationPage />} />
      <Route path=":id" element={<RateConfirmationDetailsPage />} />
      <Route
        path="*"
        element={
          <ProblemState
            message="Page not found"
            back={<BackButton to="/rate-confirmations" label="Back to List" />}
          />
        }
      />
    </Routes>
  );
}
