import type { TPevo } from "@pevo/shared";
import { Plus, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { DataTable } from "@/components/data-table";
import { ClearFilters, FilterBar, SearchBox, SelectFilter } from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { EmptyState, LoadingState, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ApiError } from "@/lib/api";
import { call, client } from "@/lib/api-client";
import { useListParams } from "@/lib/list-params";
import { usePagedQuery } from "@/lib/paged-query";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { useDeletePevo } from "../api";
import { PevoCard, pevoColumns, pevoName } from "../components/pevo-list";

const STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
];

/**
 * /pevos (SPEC §2): the roster, newest first unless sorted otherwise, a page at a time from the
 * server (searched by name, email or phone; active / inactive; all in the address), with edit and a
 * confirmed delete.
 */
export function PevoListPage() {
  const list = useListParams({ sort: "createdAt", dir: "desc" });
  // The API sorts by last name unless told: send this screen's own default.
  const query: Record<string, string> = { sort: list.sort, dir: list.dir, ...list.query };
  const pevos = usePagedQuery([...queryKeys.pevos, "list", query], list.page, (page) =>
    call(client.api.pevos.$get({ query: { ...query, page: String(page) } })),
  );
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
  } else if (pevos.isError && pevos.items.length === 0) {
    body = <QueryErrorState message="Error loading PEVOs" query={pevos} />;
  } else if (pevos.total === 0 && list.filtered) {
    body = (
      <div className="rounded-lg border border-dashed">
        <EmptyState
          icon={<Users className="size-6" aria-hidden />}
          text="No PEVOs match these filters."
          action={<ClearFilters list={list} />}
        />
      </div>
    );
  } else if (pevos.total === 0) {
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
    body = (
      <DataTable
        label="PEVOs"
        noun="PEVOs"
        columns={pevoColumns(askDelete)}
        list={pevos}
        getRowId={(p) => p.id}
        renderCard={(p) => <PevoCard key={p.id} pevo={p} onDelete={askDelete} />}
        sort={list.sort}
        dir={list.dir}
        onSortChange={list.setSort}
        onPageChange={list.setPage}
      />
    );
  }

  return (
    <TooltipProvider delayDuration={300}>
      <PageHeader
        title="PEVOs"
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/pevos/reciprocity">State certification rules</Link>
            </Button>
            <Button asChild>
              <Link to="/pevos/new">
                <Plus />
                Add New PEVO
              </Link>
            </Button>
          </>
        }
      />
      <FilterBar>
        <SearchBox list={list} label="Search PEVOs" placeholder="Name, email or phone" />
        <SelectFilter list={list} param="status" label="Status" options={STATUS_OPTIONS} />
        {/* With no match, the empty state offers it instead. */}
        {pevos.total > 0 ? <ClearFilters list={list} /> : null}
      </FilterBar>
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
