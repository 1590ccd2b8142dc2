import { Route, Routes } from "react-router";
import { PevoAddPage, PevoEditPage } from "./pevo-form-page";
import { PevoListPage } from "./pevo-list-page";
import { PevoRouteNotFound } from "./pevo-route-not-found";

/** /pevos/* (SPEC §2): the list, /pevos/new and /pevos/edit/{id}, routed inside the feature. */
export default function PevosPage() {
  return (
    <Routes>
      <Route index element={<PevoListPage />} />
      <Route path="new" element={<PevoAddPage />} />
      <Route path="edit/:id" element={<PevoEditPage />} />
      <Route path="*" element={<PevoRouteNotFound />} />
    </Routes>
  );
}
