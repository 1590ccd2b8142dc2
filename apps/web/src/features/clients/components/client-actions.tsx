import type { TClient } from "@pevo/shared";
import { FilePlus2, Pencil, Trash2, Wallet } from "lucide-react";
import { RowAction, RowActions } from "@/components/row-actions";

/** A client's row actions: create a rate confirmation for it, its credit, edit it, delete it. */
export function ClientActions({
  client,
  onEdit,
  onDelete,
  onCredit,
}: {
  client: TClient;
  onEdit: (client: TClient) => void;
  onDelete: (client: TClient) => void;
  onCredit: (client: TClient) => void;
}) {
  return (
    <RowActions>
      <RowAction
        label="Create rate confirmation"
        icon={<FilePlus2 />}
        to={`/rate-confirmations/new?clientId=${encodeURIComponent(client.id)}`}
      />
      <RowAction label="Credit" icon={<Wallet />} onClick={() => onCredit(client)} />
      <RowAction label="Edit client" icon={<Pencil />} onClick={() => onEdit(client)} />
      <RowAction label="Delete client" icon={<Trash2 />} destructive onClick={() => onDelete(client)} />
    </RowActions>
  );
}
