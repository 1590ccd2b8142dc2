import { ClipboardList } from "lucide-react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ListSkeleton, QueryErrorState } from "@/components/states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { usePortalDispatches } from "../api";
import { DispatchDetails } from "../components/dispatch-details";
import { DispatchList } from "../components/dispatch-list";
import { tapTarget } from "../lib";

/** /pevo/dispatches: every dispatch assigned to the PEVO; ?id={id} shows one dispatch's details. */
export default function PortalDispatchesPage() {
  const [params] = useSearchParams();
  const id = params.get("id");
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as { from?: string } | null)?.from;

  if (id) {
    return (
      <DispatchDetails
        key={id}
        id={id}
        // Came from a Details button: go back to that list (scroll kept); opened directly: the list.
        onBack={() => (from ? navigate(-1) : navigate("/pevo/dispatches"))}
      />
    );
  }
  return <DispatchesList />;
}

function DispatchesList() {
  const dispatches = usePortalDispatches();
  return (
    <div>
      <PageHeader title="My Dispatches" subtitle="Jobs your office has assigned to you" />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>All Assigned Dispatches</CardTitle>
          <CardDescription>Latest pickup first</CardDescription>
        </CardHeader>
        <CardContent className="px-3 sm:px-5">
          {dispatches.isError ? (
            <QueryErrorState
              message="Error loading dispatches"
              query={dispatches}
              retryClassName={tapTarget}
            />
          ) : !dispatches.data ? (
            <ListSkeleton label="Loading dispatches" />
          ) : dispatches.data.length === 0 ? (
            <EmptyState
              icon={<ClipboardList className="size-6" aria-hidden />}
              text="No dispatches assigned to you yet"
            />
          ) : (
            <DispatchList
              dispatches={dispatches.data}
              showDriver
              from="/pevo/dispatches"
              actionsLabel="Details"
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
