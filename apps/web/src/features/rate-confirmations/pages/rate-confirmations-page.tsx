import { Route, Routes } from "react-router";
import { FeatureNotFound } from "../components/states";
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
      <Route path="*" element={<FeatureNotFound message="Page not found" />} />
    </Routes>
  );
}
