import type { TPevo } from "@pevo/shared";
import { Pencil, Trash2 } from "lucide-react";
import { RowAction, RowActions } from "@/components/row-actions";

/** A PEVO's row actions: edit (its own page) and delete (asks first). */
export function PevoActions({ pevo, onDelete }: { pevo: TPevo; onDelete: (pevo: TPevo) => void }) {
  return (
    <RowActions>
      <RowAction label="Edit PEVO" icon={<Pencil />} to={`/pevos/edit/${encodeURIComponent(pevo.id)}`} />
      <RowAction label="Delete PEVO" icon={<Trash2 />} destructive onClick={() => onDelete(pevo)} />
    </RowActions>
  );
}
