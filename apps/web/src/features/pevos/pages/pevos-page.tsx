import { Route, Routes } from "react-router";
import { PevoAddPage, PevoEditPage } from "./pevo-form-page";
import { PevoListPage } from "./pevo-list-page";
import { PevoRouteNotFound } from "./pevo-route-not-found";
import { ReciprocityPage } from "./reciprocity-page";

/** /pevos/* (SPEC §2): the list, /pevos/new, /pevos/edit/{id} and the state certification rules, routed inside the feature. */
export default function PevosPage() {
  return (
    <Routes>
      <Route index element={<PevoListPage />} />
      <Route path="new" element={<PevoAddPage />} />
      <Route path="edit/:id" element={<PevoEditPage />} />
      <Route path="reciprocity" element={<ReciprocityPage />} />
      <Route path="*" element={<PevoRouteNotFound />} />
    </Routes>
  );
}
