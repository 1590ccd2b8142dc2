import type { TPevo } from "@pevo/shared";
import { Pencil, Trash2 } from "lucide-react";
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

/** A PEVO's row actions: edit (its own page) and delete (asks first). */
export function PevoActions({ pevo, onDelete }: { pevo: TPevo; onDelete: (pevo: TPevo) => void }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <IconAction label="Edit PEVO">
        <Button variant="ghost" size="icon" asChild>
          <Link to={`/pevos/edit/${encodeURIComponent(pevo.id)}`} aria-label="Edit PEVO">
            <Pencil />
          </Link>
        </Button>
      </IconAction>
      <IconAction label="Delete PEVO">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Delete PEVO"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => onDelete(pevo)}
        >
          <Trash2 />
        </Button>
      </IconAction>
    </div>
  );
}
