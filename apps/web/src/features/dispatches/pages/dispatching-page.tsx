import { Route, Routes } from "react-router";
import { BackButton, ProblemState } from "@/components/states";
import DispatchListPage from "./dispatch-list-page";
import { DispatchDetailsPage, EditDispatchPage } from "./dispatch-record-page";
import NewDispatchPage from "./new-dispatch-page";

/** /dispatching/* (SPEC §2): the list, /new, /edit/{id} and the details page /{id}. */
export default function DispatchingPage() {
  return (
    <Routes>
      <Route index element={<DispatchListPage />} />
      <Route path="new" element={<NewDispatchPage />} />
      <Route path="edit/:id" element={<EditDispatchPage />} />
      <Route path=":id" element={<DispatchDetailsPage />} />
      <Route
        path="*"
        element={
          <ProblemState
            message="Page not found"
            back={<BackButton to="/dispatching" label="Back to Dispatching" />}
          />
        }
      />
    </Routes>
  );
}
