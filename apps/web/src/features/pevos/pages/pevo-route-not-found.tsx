import { BackButton, ProblemState } from "@/components/states";

/** A notice with a way back to the list: an unknown /pevos/... address, or an edit link to a missing PEVO. */
export function PevoMissing({ title, detail }: { title: string; detail: string }) {
  return (
    <ProblemState message={title} detail={detail} back={<BackButton to="/pevos" label="Back to PEVOs" />} />
  );
}

export function PevoRouteNotFound() {
  return <PevoMissing title="Page not found" detail="This address does not lead to a PEVO screen." />;
}
