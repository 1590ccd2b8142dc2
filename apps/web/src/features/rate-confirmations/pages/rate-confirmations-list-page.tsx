import { Plus, Search } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { ErrorState, LoadingState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useRateConfirmations } from "../api";
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

/** /rate-confirmations: search (server side, debounced) and the list. */
export default function RateConfirmationsListPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get("search") ?? "");
  const term = useDebouncedValue(search, 250);
  const list = useRateConfirmations(term);

  const onSearch = (value: string) => {
    setSearch(value);
    // Keep the search in the address, so Back from a record returns to the same results.
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value.trim()) next.set("search", value);
        else next.delete("search");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  let body: ReactNode;
  if (list.isPending) {
    body = <LoadingState text="Loading rate confirmations..." />;
  } else if (list.isError) {
    body = <ErrorState message="Error loading rate confirmations" onRetry={() => void list.refetch()} />;
  } else if (list.data.length === 0) {
    body = (
      <div className="grid justify-items-center gap-4 rounded-lg border border-dashed p-10 text-center">
        <p className="text-muted-foreground">No rate confirmations found</p>
        <NewButton />
      </div>
    );
  } else {
    body = <RateConfirmationList items={list.data} />;
  }

  return (
    <div>
      <PageHeader title="Rate Confirmations" actions={<NewButton />} />
      <div className="relative mb-4 max-w-md">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search rate confirmations"
          placeholder="Search by job number, origin or destination"
          className="pr-9 pl-9"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
        {list.isFetching && !list.isPending ? (
          <Spinner className="absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground" />
        ) : null}
      </div>
      {body}
    </div>
  );
}
