import { ClipboardList } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { DateRangeFilter } from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ListSkeleton, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useListParams } from "@/lib/list-params";
import { usePortalDispatches } from "../api";
import { DispatchDetails } from "../components/dispatch-details";
import { DispatchList } from "../components/dispatch-list";
import { LoadMore } from "../components/load-more";
import { tapTarget } from "../lib";

/** /pevo/dispatches: the PEVO's dispatches, Upcoming or Past; ?id={id} shows one dispatch's details. */
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

const TABS = {
  upcoming: { label: "Upcoming", title: "Upcoming Dispatches", order: "Soonest pickup first" },
  past: { label: "Past", title: "Past Dispatches", order: "Latest pickup first" },
} as const;

/** The tab, the pickup dates and the list, all in the address (Back and reload keep them). */
function DispatchesList() {
  const list = useListParams({ sort: "pickupDate", dir: "asc" });
  const tab = list.get("tab") === "past" ? "past" : "upcoming";
  const pickupFrom = list.get("pickupFrom");
  const pickupTo = list.get("pickupTo");
  const dispatches = usePortalDispatches({ when: tab, pickupFrom, pickupTo });
  const dated = Boolean(pickupFrom || pickupTo);
  const clearDates = () => list.set({ pickupFrom: undefined, pickupTo: undefined });
  const here = `/pevo/dispatches${window.location.search}`;

  let body: ReactNode;
  if (dispatches.isError && !dispatches.items) {
    body = (
      <QueryErrorState message="Error loading dispatches" query={dispatches} retryClassName={tapTarget} />
    );
  } else if (!dispatches.items) {
    body = <ListSkeleton label="Loading dispatches" />;
  } else if (dispatches.items.length === 0) {
    body = (
      <EmptyState
        icon={<ClipboardList className="size-6" aria-hidden />}
        text={
          dated
            ? `No ${tab} dispatches between these dates`
            : tab === "upcoming"
              ? "No upcoming dispatches assigned to you"
              : "No past dispatches yet"
        }
        action={
          dated ? (
            <Button variant="outline" className={tapTarget} onClick={clearDates}>
              Clear dates
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <div
        aria-busy={dispatches.isFetching}
        className={dispatches.isPlaceholderData ? "opacity-60" : undefined}
      >
        <DispatchList dispatches={dispatches.items} showDriver from={here} actionsLabel="Details" />
        <LoadMore list={dispatches} noun={`${tab} dispatches`} />
      </div>
    );
  }

  return (
    <div>
      <PageHeader title="My Dispatches" subtitle="Jobs your office has assigned to you" />
      {/* Manual activation: a click or Enter switches (one history entry), arrow keys only move focus. */}
      <Tabs
        value={tab}
        activationMode="manual"
        onValueChange={(value) => {
          if (value !== tab) list.set({ tab: value === "past" ? "past" : undefined });
        }}
      >
        <div className="mb-4 grid gap-3 md:flex md:items-end md:justify-between">
          <TabsList className="h-11 w-full md:h-9 md:w-64" aria-label="Which dispatches">
            {(["upcoming", "past"] as const).map((value) => (
              <TabsTrigger key={value} value={value}>
                {TABS[value].label}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex min-w-0 flex-wrap items-end gap-2">
            <DateRangeFilter list={list} prefix="pickup" label="Pickup" />
            {dated ? (
              <Button variant="ghost" className={tapTarget} onClick={clearDates}>
                Clear dates
              </Button>
            ) : null}
          </div>
        </div>
        <TabsContent value={tab}>
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                {TABS[tab].title}
                {dispatches.isFetching && dispatches.items ? <Spinner className="size-4" /> : null}
              </CardTitle>
              <CardDescription>{TABS[tab].order}</CardDescription>
            </CardHeader>
            <CardContent className="px-3 sm:px-5">{body}</CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
