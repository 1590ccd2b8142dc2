import type { TClient } from "@pevo/shared";
import { FilePlus2, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

function IconAction({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** A client's row actions: create a rate confirmation for it, edit it, delete it. */
export function ClientActions({
  client,
  onEdit,
  onDelete,
}: {
  client: TClient;
  onEdit: (client: TClient) => void;
  onDelete: (client: TClient) => void;
}) {
  return (
    <div className="flex items-center justify-end gap-1">
      <IconAction label="Create rate confirmation">
        <Button variant="ghost" size="icon" asChild>
          <Link
            to={`/rate-confirmations/new?clientId=${encodeURIComponent(client.id)}`}
            aria-label="Create rate confirmation"
          >
            <FilePlus2 />
          </Link>
        </Button>
      </IconAction>
      <IconAction label="Edit client">
        <Button variant="ghost" size="icon" aria-label="Edit client" onClick={() => onEdit(client)}>
          <Pencil />
        </Button>
      </IconAction>
      <IconAction label="Delete client">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Delete client"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => onDelete(client)}
        >
          <Trash2 />
        </Button>
      </IconAction>
    </div>
  );
}
