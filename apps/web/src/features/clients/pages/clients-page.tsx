import type { TClient } from "@pevo/shared";
import { Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { PageHeader } from "@/components/page-header";
import { LoadingState, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ApiError } from "@/lib/api";
import { useClients } from "@/lib/shared-queries";
import { useDeleteClient } from "../api";
import { ClientFormDialog } from "../components/client-form-dialog";
import { ClientList } from "../components/client-list";

/** /clients (SPEC §2): the company's clients, with add / edit in a dialog and a confirmed delete. */
export default function ClientsPage() {
  const clients = useClients();
  const remove = useDeleteClient();
  // Dialog state (SPEC §4): closed, open to add (no selection) or open to edit (one selected).
  const [formOpen, setFormOpen] = useState(false);
  const [selected, setSelected] = useState<TClient | null>(null);
  const [toDelete, setToDelete] = useState<TClient | null>(null);

  const openAdd = () => {
    setSelected(null);
    setFormOpen(true);
  };
  const openEdit = (client: TClient) => {
    setSelected(client);
    setFormOpen(true);
  };
  const closeForm = () => {
    setFormOpen(false);
    setSelected(null);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success("Client deleted successfully"),
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status === 409 && error.message
            ? error.message
            : "Failed to delete client",
        ),
      onSettled: () => setToDelete(null),
    });
  };

  let body: ReactNode;
  if (clients.isPending) {
    body = <LoadingState text="Loading clients..." />;
  } else if (clients.isError) {
    body = <QueryErrorState message="Error loading clients" query={clients} />;
  } else if (clients.data.length === 0) {
    body = (
      <div className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
        No clients found. Add your first client using the "Add New Client" button.
      </div>
    );
  } else {
    body = <ClientList clients={clients.data} onEdit={openEdit} onDelete={setToDelete} />;
  }

  return (
    <TooltipProvider delayDuration={300}>
      <PageHeader
        title="Clients"
        actions={
          <Button onClick={openAdd}>
            <Plus />
            Add New Client
          </Button>
        }
      />
      {body}
      <ClientFormDialog open={formOpen} client={selected} onClose={closeForm} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete client"
        description={
          <>
            Are you sure you want to delete{" "}
            <span className="font-medium text-foreground">{toDelete?.name}</span>? This action cannot be
            undone.
          </>
        }
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </TooltipProvider>
  );
}
