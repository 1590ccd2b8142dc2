import { Route, Routes } from "react-router";
import { BackButton, ProblemState } from "@/components/states";
import { DefaultPayPlanPage } from "./default-pay-plan-page";
import { SettlementListPage } from "./settlement-list-page";
import { SettlementPage } from "./settlement-page";

/** /settlements/* (DECISIONS 'PEVO pay'): the runs, one run, and the company's default pay plan. */
export default function SettlementsPage() {
  return (
    <Routes>
      <Route index element={<SettlementListPage />} />
      <Route path="pay-plan" element={<DefaultPayPlanPage />} />
      <Route path=":id" element={<SettlementPage />} />
      <Route
        path="*"
        element={
          <ProblemState
            message="Page not found"
            detail="This address does not lead to a PEVO pay screen."
            back={<BackButton to="/settlements" label="Back to PEVO pay" />}
          />
        }
      />
    </Routes>
  );
}
