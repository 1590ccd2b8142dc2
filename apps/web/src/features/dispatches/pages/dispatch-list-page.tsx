import type { TDispatchListItem } from "@pevo/shared";
import { Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { ErrorState, LoadingState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { failureMessage } from "@/lib/errors";
import { useDispatches } from "../api";
import { DeleteDispatchDialog } from "../components/delete-dispatch-dialog";
import { DispatchList } from "../components/dispatch-list";

function NewDispatchButton() {
  return (
    <Button asChild>
      <Link to="/dispatching/new">
        <Plus />
        New Dispatch
      </Link>
    </Button>
  );
}

/** /dispatching (SPEC §2): every dispatch of the company, newest first, with View / Edit / Delete. */
export default function DispatchListPage() {
  const dispatches = useDispatches();
  const [toDelete, setToDelete] = useState<TDispatchListItem | null>(null);

  let body: ReactNode;
  if (dispatches.isPending) {
    body = <LoadingState text="Loading dispatches..." />;
  } else if (dispatches.isError) {
    body = (
      <ErrorState
        message={failureMessage(dispatches.error, "Error loading dispatches")}
        onRetry={() => void dispatches.refetch()}
      />
    );
  } else if (dispatches.data.length === 0) {
    body = (
      <div className="grid justify-items-center gap-4 rounded-lg border border-dashed p-10 text-center">
        <p className="text-muted-foreground">No dispatches found</p>
        <NewDispatchButton />
      </div>
    );
  } else {
    body = <DispatchList dispatches={dispatches.data} onDelete={setToDelete} />;
  }

  return (
    <div>
      <PageHeader title="Dispatching" actions={<NewDispatchButton />} />
      {body}
      <DeleteDispatchDialog dispatchId={toDelete?.id ?? null} onClose={() => setToDelete(null)} />
    </div>
  );
}
