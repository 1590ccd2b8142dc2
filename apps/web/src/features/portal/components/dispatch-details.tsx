import { ArrowLeft, CalendarDays, MapPin, Phone, Ruler } from "lucide-react";
import type { ReactNode } from "react";
import { LoadDetailsList } from "@/components/load-details-list";
import { QueryErrorState } from "@/components/states";
import { DispatchStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { DocumentsCard } from "@/features/documents";
import { JobLogCard, SafetyMeetingCard } from "@/features/job-paperwork";
import { ApiError } from "@/lib/api";
import { dash, formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { type TPortalDispatchDetail, usePortalDispatch } from "../api";
import { formatPhone, formatTime, shortRoute, tapTarget, telHref } from "../lib";
import { JobSteps } from "./job-steps";

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="outline" className={tapTarget} onClick={onBack}>
      <ArrowLeft />
      Back
    </Button>
  );
}

function Item({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 [overflow-wrap:anywhere] whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** A card of terms: `children` are `Item`s (a `<dl>` holds only them), or `empty` says there are none. */
function Section({
  title,
  icon,
  children,
  empty,
  listClassName,
}: {
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
  empty?: string;
  listClassName?: string;
}) {
  return (
    <Card className="min-w-0 gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <dl className={cn("grid gap-3 text-sm", listClassName)}>{children}</dl>
        )}
      </CardContent>
    </Card>
  );
}

function Details({ dispatch }: { dispatch: TPortalDispatchDetail }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 [overflow-wrap:anywhere] md:grid-cols-2">
      <Section
        title="Pickup"
        icon={<CalendarDays className="size-4 text-muted-foreground" aria-hidden />}
        listClassName="grid-cols-2"
      >
        <Item label="Date">{formatDate(dispatch.pickupDate)}</Item>
        <Item label="Time">{formatTime(dispatch.pickupTime)}</Item>
        <Item label="Your position" className="col-span-2">
          {dash(dispatch.position)}
        </Item>
        <Item label="Client" className="col-span-2">
          {dash(dispatch.clientName)}
        </Item>
      </Section>

      <Section title="Driver" icon={<Phone className="size-4 text-muted-foreground" aria-hidden />}>
        <Item label="Name">{dispatch.driverName}</Item>
        <Item label="Company">{dash(dispatch.driverCompany)}</Item>
        <div>
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Phone</dt>
          <dd className="mt-1.5">
            <Button asChild className="h-12 w-full text-base sm:w-auto">
              {/* The name holds the number it shows (WCAG 2.5.3 label in name). */}
              <a
                href={telHref(dispatch.driverPhone)}
                aria-label={`Call ${dispatch.driverName} at ${formatPhone(dispatch.driverPhone)}`}
              >
                <Phone aria-hidden />
                {formatPhone(dispatch.driverPhone)}
              </a>
            </Button>
          </dd>
        </div>
      </Section>

      <Section
        title="Route"
        icon={<MapPin className="size-4 text-muted-foreground" aria-hidden />}
        empty={
          dispatch.originAddress || dispatch.destinationAddress ? undefined : "No route on this dispatch yet"
        }
      >
        <Item label="Origin">{dash(dispatch.originAddress)}</Item>
        <Item label="Destination">{dash(dispatch.destinationAddress)}</Item>
      </Section>

      <Section title="Job">
        <Item label="Notes">{dash(dispatch.notes)}</Item>
        <Item label="Job description">{dash(dispatch.description)}</Item>
      </Section>

      {dispatch.loadDetails ? (
        <Card className="min-w-0 gap-3 md:col-span-2">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <Ruler className="size-4 text-muted-foreground" aria-hidden />
              Load
            </CardTitle>
          </CardHeader>
          <CardContent>
            <LoadDetailsList
              details={dispatch.loadDetails}
              positions={dispatch.positionTypes.map((positionType) => ({ positionType }))}
              emptyText="The office has not entered the load details yet"
            />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

/** What a PEVO needs on the road for one of their dispatches. */
export function DispatchDetails({ id, onBack }: { id: string; onBack: () => void }) {
  const query = usePortalDispatch(id);
  const dispatch = query.data;

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="grid gap-4">
        <div>
          <BackButton onBack={onBack} />
        </div>
        {notFound ? (
          <div role="alert" className="rounded-lg border p-8 text-center">
            <p className="font-medium">Dispatch not found</p>
          </div>
        ) : (
          <QueryErrorState message="Error loading dispatch" query={query} retryClassName={tapTarget} />
        )}
      </div>
    );
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 [overflow-wrap:anywhere]">
      <div>
        <BackButton onBack={onBack} />
      </div>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">Dispatch details</p>
        {dispatch ? (
          <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
            {dispatch.jobNumber ? `Job #${dispatch.jobNumber}` : "No job number"}
          </h1>
        ) : (
          <Skeleton className="mt-1 h-8 w-48" />
        )}
        {dispatch ? (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <DispatchStatusBadge status={dispatch.status} />
            <span className="text-sm font-medium">{shortRoute(dispatch)}</span>
          </div>
        ) : null}
      </div>
      {dispatch ? (
        <>
          <JobSteps dispatchId={dispatch.id} onDeclined={onBack} />
          {dispatch.status === "canceled" ? null : (
            <>
              <SafetyMeetingCard dispatchId={dispatch.id} />
              <JobLogCard dispatchId={dispatch.id} />
            </>
          )}
          <Details dispatch={dispatch} />
          <DocumentsCard
            owner={{ kind: "portal_dispatch", id: dispatch.id }}
            title="Job documents"
            description="Photos, proof of delivery and signed forms for this job."
            defaultCategory="photo"
            jobLabel={dispatch.jobNumber ?? shortRoute(dispatch)}
          />
        </>
      ) : (
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading dispatch">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-40 w-full rounded-xl" />
          ))}
        </div>
      )}
    </div>
  );
}
