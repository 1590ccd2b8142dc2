import type { TPevo } from "@pevo/shared";
import { Plus, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { PageHeader } from "@/components/page-header";
import { LoadingState, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ApiError } from "@/lib/api";
import { useDeletePevo, usePevos } from "../api";
import { PevoList, pevoName } from "../components/pevo-list";

/** /pevos (SPEC §2): the roster, newest first, with edit and a confirmed delete. */
export function PevoListPage() {
  const pevos = usePevos();
  const remove = useDeletePevo();
  // The PEVO stays set while the dialog fades out, so its text does not blank mid-animation.
  const [toDelete, setToDelete] = useState<TPevo | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const askDelete = (pevo: TPevo) => {
    setToDelete(pevo);
    setConfirmOpen(true);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success("PEVO deleted successfully"),
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status === 409 && error.message
            ? error.message
            : "Error deleting PEVO",
        ),
      onSettled: () => setConfirmOpen(false),
    });
  };

  let body: ReactNode;
  if (pevos.isPending) {
    body = <LoadingState text="Loading PEVOs..." />;
  } else if (pevos.isError) {
    body = <QueryErrorState message="Error loading PEVOs" query={pevos} />;
  } else if (pevos.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
        <Users className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">No PEVOs found</p>
        <Button asChild>
          <Link to="/pevos/new">
            <Plus />
            Add Your First PEVO
          </Link>
        </Button>
      </div>
    );
  } else {
    body = <PevoList pevos={pevos.data} onDelete={askDelete} />;
  }

  return (
    <TooltipProvider delayDuration={300}>
      <PageHeader
        title="PEVOs"
        actions={
          <Button asChild>
            <Link to="/pevos/new">
              <Plus />
              Add New PEVO
            </Link>
          </Button>
        }
      />
      {body}
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete PEVO"
        description={
          toDelete ? (
            <>
              Are you sure you want to delete{" "}
              <span className="font-medium text-foreground">{pevoName(toDelete)}</span>?{" "}
              {toDelete.hasLogin
                ? "Their PEVO portal login is removed too, so they can no longer sign in."
                : "They have no portal login."}{" "}
              This action cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </TooltipProvider>
  );
}
