import { FileDown, Plus, Ruler } from "lucide-react";
import { useState } from "react";
import { QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { portalPacketUrl, usePortalPaperwork } from "../api";
import { LogEntryDialog } from "./log-entry-dialog";
import { LogEntryLists } from "./log-entry-lists";

/** The PEVO's stop log and pole-height log on their job, and the job packet to download. */
export function JobLogCard({ dispatchId }: { dispatchId: string }) {
  const query = usePortalPaperwork(dispatchId);
  const [dialog, setDialog] = useState<"stop" | "pole" | null>(null);
  return (
    <Card className="min-w-0 gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Ruler className="size-4 text-muted-foreground" aria-hidden />
          Stops and pole heights
        </CardTitle>
        <CardDescription>Each stop, the pole's measured height, and any strike or near-miss.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button variant="outline" className="h-12" onClick={() => setDialog("stop")}>
            <Plus />
            Add stop
          </Button>
          <Button variant="outline" className="h-12" onClick={() => setDialog("pole")}>
            <Plus />
            Pole height
          </Button>
        </div>
        {query.isError ? (
          <QueryErrorState message="Error loading the logs" query={query} />
        ) : query.data ? (
          <LogEntryLists entries={query.data.entries} timeZone={query.data.timeZone} />
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
        <div>
          <Button asChild variant="secondary" className="h-12 w-full sm:w-auto">
            <a href={portalPacketUrl(dispatchId)} download>
              <FileDown />
              Job packet (PDF)
            </a>
          </Button>
        </div>
      </CardContent>
      <LogEntryDialog
        key={dialog ?? "closed"}
        dispatchId={dispatchId}
        log={dialog ?? "stop"}
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
      />
    </Card>
  );
}
