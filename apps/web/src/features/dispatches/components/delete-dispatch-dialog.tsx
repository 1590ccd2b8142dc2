import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useDeleteDispatch } from "../api";

const DELETE_QUESTION = "Are you sure you want to delete this dispatch?";

/** Asks, then deletes one dispatch; a dispatch with invoices is refused by the server (409) and stays. */
export function DeleteDispatchDialog({
  dispatchId,
  onClose,
  onDeleted,
}: {
  /** The dispatch to delete; the dialog is open while this is set. */
  dispatchId: string | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteDispatch();
  const confirm = () => {
    if (!dispatchId) return;
    remove.mutate(dispatchId, {
      onSuccess: () => {
        toast.success("Dispatch deleted successfully");
        onDeleted?.();
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiError && (error.status === 409 || error.status === 404) && error.message
            ? error.message
            : "Failed to delete dispatch",
        ),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      open={dispatchId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete dispatch"
      description={DELETE_QUESTION}
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
