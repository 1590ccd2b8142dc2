import { FileText, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ClearFilters, DateRangeFilter, FilterBar, SearchBox, SelectFilter } from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { ClientFilter } from "@/components/pickers/picker-filters";
import { EmptyState, ErrorState, LoadingState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { clientPickerSource } from "@/features/clients";
import { useListParams } from "@/lib/list-params";
import { useRateConfirmationList } from "../api";
import { RateConfirmationList } from "../components/rate-confirmation-list";

function NewButton() {
  return (
    <Button asChild>
      <Link to="/rate-confirmations/new">
        <Plus />
        New Rate Confirmation
      </Link>
    </Button>
  );
}

/**
 * /rate-confirmations: the list paged, sorted and filtered on the server (client, start dates,
 * search, active / canceled); the view lives in the address, so reload and Back keep it.
 */
export default function RateConfirmationsListPage() {
  const list = useListParams({ sort: "startDate", dir: "desc" });
  const rcs = useRateConfirmationList(list.query, list.page);

  let body: ReactNode;
  if (rcs.isPending) {
    body = <LoadingState text="Loading rate confirmations..." />;
  } else if (rcs.isError) {
    body = <ErrorState message="Error loading rate confirmations" onRetry={rcs.refetch} />;
  } else if (rcs.total === 0 && !list.filtered) {
    body = (
      <div className="rounded-lg border border-dashed">
        <EmptyState
          icon={<FileText className="size-5" />}
          text="No rate confirmations found"
          action={<NewButton />}
        />
      </div>
    );
  } else if (rcs.total === 0) {
    body = (
      <div className="rounded-lg border border-dashed">
        <EmptyState text="No rate confirmations match these filters" action={<ClearFilters list={list} />} />
      </div>
    );
  } else {
    body = (
      <RateConfirmationList
        list={rcs}
        sort={list.sort}
        dir={list.dir}
        onSortChange={list.setSort}
        onPageChange={list.setPage}
      />
    );
  }

  return (
    <div>
      <PageHeader title="Rate Confirmations" actions={<NewButton />} />
      <FilterBar>
        <SearchBox
          list={list}
          label="Search rate confirmations"
          placeholder="Search by job number, origin or destination"
        />
        <ClientFilter list={list} source={clientPickerSource} />
        <DateRangeFilter list={list} prefix="start" label="Start date" />
        <SelectFilter
          list={list}
          param="canceled"
          label="Show"
          options={[
            { value: "false", label: "Active" },
            { value: "true", label: "Canceled" },
          ]}
        />
        <ClearFilters list={list} />
      </FilterBar>
      {body}
    </div>
  );
}
