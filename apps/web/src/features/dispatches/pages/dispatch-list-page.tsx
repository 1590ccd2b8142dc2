import { DISPATCH_STATUS_LABELS, type TDispatchListItem } from "@pevo/shared";
import { endOfWeek, format, startOfWeek } from "date-fns";
import { Download, Plus, X } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router";
import {
  ClearFilters,
  DateRangeFilter,
  FilterBar,
  MultiSelectFilter,
  SearchBox,
} from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { PevoFilter } from "@/components/pickers/picker-filters";
import { EmptyState, ErrorState, LoadingState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { pevoPickerSource } from "@/features/pevos";
import { failureMessage } from "@/lib/errors";
import { type ListParams, useListParams } from "@/lib/list-params";
import { cn } from "@/lib/utils";
import { dispatchExportHref, useDispatchPage } from "../api";
import { DeleteDispatchDialog } from "../components/delete-dispatch-dialog";
import { DispatchList } from "../components/dispatch-list";

const STATUS_OPTIONS = Object.entries(DISPATCH_STATUS_LABELS).map(([value, label]) => ({ value, label }));

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

type Tab = { name: string; filters: { pickupFrom?: string; pickupTo?: string; unassigned?: string } };

/** The quick tabs: pickup today / this week (Monday to Sunday, the browser's calendar), unassigned. */
function quickTabs(now = new Date()): Tab[] {
  const day = (d: Date) => format(d, "yyyy-MM-dd");
  const today = day(now);
  return [
    { name: "All", filters: {} },
    { name: "Today", filters: { pickupFrom: today, pickupTo: today } },
    {
      name: "This week",
      filters: {
        pickupFrom: day(startOfWeek(now, { weekStartsOn: 1 })),
        pickupTo: day(endOfWeek(now, { weekStartsOn: 1 })),
      },
    },
    { name: "Unassigned", filters: { unassigned: "true" } },
  ];
}

function QuickTabs({ list }: { list: ListParams }) {
  const tabs = useMemo(() => quickTabs(), []);
  const current = {
    pickupFrom: list.get("pickupFrom"),
    pickupTo: list.get("pickupTo"),
    unassigned: list.get("unassigned") === "true" ? "true" : undefined,
  };
  const isActive = (tab: Tab) =>
    current.pickupFrom === tab.filters.pickupFrom &&
    current.pickupTo === tab.filters.pickupTo &&
    current.unassigned === tab.filters.unassigned;
  return (
    <nav aria-label="Quick filters" className="mb-3 flex flex-wrap gap-1 rounded-lg bg-muted p-1 sm:w-fit">
      {tabs.map((tab) => {
        const active = isActive(tab);
        return (
          <button
            key={tab.name}
            type="button"
            aria-pressed={active}
            onClick={() =>
              list.set({ pickupFrom: undefined, pickupTo: undefined, unassigned: undefined, ...tab.filters })
            }
            className={cn(
              "flex-1 whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:flex-none",
              active && "bg-background text-foreground shadow-sm",
            )}
          >
            {tab.name}
          </button>
        );
      })}
    </nav>
  );
}

/** /dispatching (SPEC §2): the company's dispatches, a page at a time, filtered and sorted on the server. */
export default function DispatchListPage() {
  const list = useListParams({ sort: "pickupDate", dir: "desc" });
  const rows = useDispatchPage(list.query, list.page);
  const [toDelete, setToDelete] = useState<TDispatchListItem | null>(null);

  let body: ReactNode;
  if (rows.isPending) {
    body = <LoadingState text="Loading dispatches..." />;
  } else if (rows.isError) {
    body = (
      <ErrorState
        message={failureMessage(rows.error, "Error loading dispatches")}
        onRetry={() => rows.refetch()}
      />
    );
  } else if (rows.total === 0 && list.filtered) {
    body = (
      <div className="rounded-lg border border-dashed">
        <EmptyState
          text="No dispatches match these filters"
          action={
            <Button variant="outline" onClick={list.clear}>
              <X />
              Clear filters
            </Button>
          }
        />
      </div>
    );
  } else if (rows.total === 0) {
    body = (
      <div className="rounded-lg border border-dashed">
        <EmptyState text="No dispatches found" action={<NewDispatchButton />} />
      </div>
    );
  } else {
    body = <DispatchList list={list} rows={rows} onDelete={setToDelete} />;
  }

  return (
    <div>
      <PageHeader
        title="Dispatching"
        actions={
          <>
            <Button asChild variant="outline">
              <a href={dispatchExportHref(list.query)} download>
                <Download />
                Export CSV
              </a>
            </Button>
            <NewDispatchButton />
          </>
        }
      />
      <QuickTabs list={list} />
      <FilterBar>
        <SearchBox list={list} label="Search dispatches" placeholder="Job number or driver" />
        <MultiSelectFilter list={list} param="status" label="Status" options={STATUS_OPTIONS} />
        <DateRangeFilter list={list} prefix="pickup" label="Pickup" />
        <PevoFilter list={list} source={pevoPickerSource()} />
        <ClearFilters list={list} />
      </FilterBar>
      {body}
      <DeleteDispatchDialog dispatchId={toDelete?.id ?? null} onClose={() => setToDelete(null)} />
    </div>
  );
}
