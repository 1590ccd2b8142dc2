import { ClipboardCheck, FileDown, FilePlus2 } from "lucide-react";
import { QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { failureMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { officePacketUrl, useAttachPacket, useOfficePaperwork } from "../api";
import { LogEntryLists } from "./log-entry-lists";
import { SignedMeeting } from "./signed-meeting";

/**
 * The office's view of a job's safety paperwork, live as the PEVO records it, with the job packet
 * to download or add to the job's documents (DECISIONS 'Job paperwork').
 */
export function OfficePaperworkCard({ dispatchId }: { dispatchId: string }) {
  const query = useOfficePaperwork(dispatchId);
  const attach = useAttachPacket(dispatchId);
  const paperwork = query.data;
  const addToDocuments = () =>
    attach.mutate(undefined, {
      onSuccess: (doc) => toast.success(`Added “${doc.fileName}” to the job's documents`),
      onError: (error) => toast.error(failureMessage(error, "Could not add the packet")),
    });
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardCheck className="size-4 text-muted-foreground" aria-hidden />
          Safety paperwork
        </CardTitle>
        <CardDescription>
          The pre-trip safety meeting, stop log and pole-height log from the PEVO's phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {query.isError ? (
          <QueryErrorState message="Error loading the safety paperwork" query={query} />
        ) : !paperwork ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <>
            <section className="grid gap-2">
              <h3 className="text-sm font-medium">Pre-trip safety meeting</h3>
              {paperwork.meeting ? (
                <SignedMeeting meeting={paperwork.meeting} timeZone={paperwork.timeZone} />
              ) : (
                <p className="text-sm text-muted-foreground">Not signed yet.</p>
              )}
            </section>
            <LogEntryLists entries={paperwork.entries} timeZone={paperwork.timeZone} />
          </>
        )}
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={officePacketUrl(dispatchId)} download>
              <FileDown />
              Download job packet
            </a>
          </Button>
          <Button variant="outline" onClick={addToDocuments} disabled={attach.isPending}>
            {attach.isPending ? <Spinner /> : <FilePlus2 />}
            Add to documents
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
