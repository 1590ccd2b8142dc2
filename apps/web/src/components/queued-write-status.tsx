import { AlertTriangle, CloudOff } from "lucide-react";
import type { QueuedWrite } from "@/lib/offline/queue";
import { SAVED_ON_PHONE } from "@/lib/offline/send";
import { cn } from "@/lib/utils";

/**
 * Where a write kept on this phone stands (ADR 0014): "Saved on this phone — will sync", or the
 * server's reason when it refused it ("Not synced: …").
 */
export function QueuedWriteStatus({ write, className }: { write: QueuedWrite; className?: string }) {
  return write.state === "conflict" ? (
    <p className={cn("flex items-start gap-1 text-destructive [overflow-wrap:anywhere]", className)}>
      <AlertTriangle className="mt-px size-[1.1em] shrink-0" aria-hidden />
      Not synced: {write.error}
    </p>
  ) : (
    <p className={cn("flex items-center gap-1 text-muted-foreground", className)}>
      <CloudOff className="size-[1.1em] shrink-0" aria-hidden />
      {SAVED_ON_PHONE}
    </p>
  );
}
