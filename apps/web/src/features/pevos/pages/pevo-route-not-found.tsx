import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** A notice with a way back to the list: an unknown /pevos/... address, or an edit link to a missing PEVO. */
export function PevoMissing({ title, detail }: { title: string; detail: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center"
    >
      <p className="text-lg font-medium">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{detail}</p>
      <Button asChild variant="outline" className="mt-2">
        <Link to="/pevos">
          <ArrowLeft />
          Back to PEVOs
        </Link>
      </Button>
    </div>
  );
}

export function PevoRouteNotFound() {
  return <PevoMissing title="Page not found" detail="This address does not lead to a PEVO screen." />;
}
