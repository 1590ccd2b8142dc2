import { DISPATCH_STATUS_LABELS, type TDispatch, type TDispatchListItem } from "@pevo/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { Link } from "react-router";
import { PICKER_PAGE_SIZE, type PickerProps, ServerCombobox } from "@/components/server-combobox";
import { call, client } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import { inlineLinkClass } from "@/lib/utils";
import { invoiceDispatchQuery } from "../api";

/** What the picker shows of a dispatch (a list row, or a full dispatch read by id). */
export type DispatchOption = Pick<
  TDispatchListItem,
  "id" | "jobNumber" | "driverName" | "pickupDate" | "pevoName" | "status"
>;

type Props = PickerProps<DispatchOption>;

const dispatches = client.api.dispatches;

/** "Job # / driver / pickup date", the dispatch picker's text. */
const dispatchLabel = (d: Pick<DispatchOption, "jobNumber" | "driverName" | "pickupDate">) =>
  `${d.jobNumber ?? "No job #"} / ${d.driverName} / ${formatDate(d.pickupDate)}`;

/** The dispatches matching `q` (job number or driver name), latest pickup first. */
const searchDispatches = (q: string) =>
  call(dispatches.$get({ query: { q, pageSize: String(PICKER_PAGE_SIZE) } }));

const optionOf = (d: TDispatch): DispatchOption => ({
  id: d.id,
  jobNumber: d.rateConfirmation?.jobNumber ?? null,
  driverName: d.driverName,
  pickupDate: d.pickupDate,
  pevoName: d.pevoName,
  status: d.status,
});

/**
 * The company's dispatches, searched on the server as you type. A chosen one is read by id under the
 * dispatch's own key, so the form's prefill and the picker share one request.
 */
export function DispatchPicker({
  placeholder = "Select a dispatch (Job # / driver / pickup date)",
  ...props
}: Props) {
  const queryClient = useQueryClient();
  const fetchSelected = useCallback(
    async (id: string) =>
      optionOf(await queryClient.fetchQuery({ ...invoiceDispatchQuery(id), staleTime: 30_000 })),
    [queryClient],
  );
  return (
    <ServerCombobox<DispatchOption>
      {...props}
      placeholder={placeholder}
      queryKey={queryKeys.dispatches}
      search={searchDispatches}
      fetchSelected={fetchSelected}
      getValue={(d) => d.id}
      getLabel={dispatchLabel}
      getDetail={(d) => `${DISPATCH_STATUS_LABELS[d.status]} · ${d.pevoName ?? "No PEVO"}`}
      searchLabel="Search dispatches"
      noun="dispatches"
      emptyHint={
        props.emptyHint ?? (
          <>
            No dispatches yet.{" "}
            <Link to="/dispatching/new" className={inlineLinkClass}>
              Add a dispatch
            </Link>
          </>
        )
      }
    />
  );
}
