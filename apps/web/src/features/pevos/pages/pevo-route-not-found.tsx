import { BackButton, ProblemState } from "@/components/states";

/**
 * A notice with a way back to the list: an unknown /pevos/... address, or an edit link to a missing
 * PEVO (under the edit screen's own title: `level` 2).
 */
export function PevoMissing({ title, detail, level }: { title: string; detail: string; level?: 1 | 2 }) {
  return (
    <ProblemState
      message={title}
      detail={detail}
      level={level}
      back={<BackButton to="/pevos" label="Back to PEVOs" />}
    />
  );
}

export function PevoRouteNotFound() {
  return <PevoMissing title="Page not found" detail="This address does not lead to a PEVO screen." />;
}
