import type { TDispatchListItem } from "@pevo/shared";
import { Eye, FileText, MoreHorizontal, Pencil, Receipt, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** A dispatch's row menu: View, Edit, its invoices (links), Create Invoice, Delete. */
export function DispatchRowMenu({
  dispatch,
  onDelete,
}: {
  dispatch: TDispatchListItem;
  onDelete: (dispatch: TDispatchListItem) => void;
}) {
  const id = encodeURIComponent(dispatch.id);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Open menu for ${dispatch.driverName}`}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={`/dispatching/${id}`}>
            <Eye />
            View
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={`/dispatching/edit/${id}`}>
            <Pencil />
            Edit
          </Link>
        </DropdownMenuItem>
        {dispatch.invoices.length > 0 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
              Invoices
            </DropdownMenuLabel>
            {dispatch.invoices.map((inv) => (
              <DropdownMenuItem key={inv.id} asChild>
                <Link to={`/invoices/${encodeURIComponent(inv.id)}`} className="max-w-64">
                  <Receipt />
                  <span className="truncate">{inv.invoiceNumber}</span>
                </Link>
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
          </>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to={`/invoices/new?dispatchId=${id}`}>
            <FileText />
            Create Invoice
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(dispatch)}>
          <Trash2 />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
