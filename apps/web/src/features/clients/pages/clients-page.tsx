import type { TClient } from "@pevo/shared";
import { Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DataTable } from "@/components/data-table";
import { ClearFilters, FilterBar, SearchBox } from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { EmptyState, LoadingState, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ClientCreditCard } from "@/features/client-credit";
import { ApiError } from "@/lib/api";
import { call, client } from "@/lib/api-client";
import { useListParams } from "@/lib/list-params";
import { usePagedQuery } from "@/lib/paged-query";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { useDeleteClient } from "../api";
import { ClientFormDialog } from "../components/client-form-dialog";
import { ClientCard, clientColumns } from "../components/client-list";

const CAPTION = "List of all your client companies";

/**
 * /clients (SPEC §2): the company's clients, a page at a time from the server (sorted, searched by
 * name, contact person, email or phone; all in the address), with add / edit in a dialog and a
 * confirmed delete.
 */
export default function ClientsPage() {
  const list = useListParams({ sort: "name", dir: "asc" });
  const clients = usePagedQuery([...queryKeys.clients, "list", list.query], list.page, (page) =>
    call(client.api.clients.$get({ query: { ...list.query, page: String(page) } })),
  );
  const remove = useDeleteClient();
  // Dialog state (SPEC §4): closed, open to add (no selection) or open to edit (one selected).
  const [formOpen, setFormOpen] = useState(false);
  const [selected, setSelected] = useState<TClient | null>(null);
  const [toDelete, setToDelete] = useState<TClient | null>(null);
  const [creditOf, setCreditOf] = useState<TClient | null>(null);

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

  const columns = clientColumns({ onEdit: openEdit, onDelete: setToDelete, onCredit: setCreditOf });

  let body: ReactNode;
  if (clients.isPending) {
    body = <LoadingState text="Loading clients..." />;
  } else if (clients.isError && clients.items.length === 0) {
    body = <QueryErrorState message="Error loading clients" query={clients} />;
  } else if (clients.total === 0 && list.filtered) {
    body = (
      <div className="rounded-lg border border-dashed">
        <EmptyState text="No clients match your search." action={<ClearFilters list={list} />} />
      </div>
    );
  } else if (clients.total === 0) {
    body = (
      <div className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
        No clients found. Add your first client using the "Add New Client" button.
      </div>
    );
  } else {
    body = (
      <section aria-label={CAPTION} className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <DataTable
          label="Clients"
          noun="clients"
          columns={columns}
          list={clients}
          getRowId={(c) => c.id}
          renderCard={(c) => (
            <ClientCard
              key={c.id}
              client={c}
              onEdit={openEdit}
              onDelete={setToDelete}
              onCredit={setCreditOf}
            />
          )}
          sort={list.sort}
          dir={list.dir}
          onSortChange={list.setSort}
          onPageChange={list.setPage}
        />
        <p className="text-center text-sm text-muted-foreground">{CAPTION}</p>
      </section>
    );
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
      <FilterBar>
        <SearchBox list={list} label="Search clients" placeholder="Name, contact, email or phone" />
        {/* With no match, the empty state offers it instead. */}
        {clients.total > 0 ? <ClearFilters list={list} /> : null}
      </FilterBar>
      {body}
      <ClientFormDialog open={formOpen} client={selected} onClose={closeForm} />
      {/* The client's credit (DECISIONS 'Client credit'): amount, history, apply and refund. */}
      <Sheet open={creditOf !== null} onOpenChange={(open) => !open && setCreditOf(null)}>
        <SheetContent side="right" className="w-[32rem] overflow-y-auto p-4 pt-10">
          <div className="grid gap-1">
            <SheetTitle>{creditOf?.name}</SheetTitle>
            <SheetDescription>
              The client's credit: what it paid above its invoices, and where it went.
            </SheetDescription>
          </div>
          {creditOf ? <ClientCreditCard clientId={creditOf.id} clientName={creditOf.name} /> : null}
        </SheetContent>
      </Sheet>
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
