import type { TRateConfirmationListItem } from "@pevo/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { Link } from "react-router";
import { PICKER_PAGE_SIZE, type PickerProps, ServerCombobox } from "@/components/server-combobox";
import { call, client } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import { inlineLinkClass } from "@/lib/utils";
import { rateConfirmationRecordQuery } from "../api";

/** What the picker shows of a rate confirmation (a list row and a full record both fit). */
export type RateConfirmationOption = Pick<
  TRateConfirmationListItem,
  "id" | "jobNumber" | "originAddress" | "destinationAddress" | "clientName" | "startDate"
>;

type Props = PickerProps<RateConfirmationOption>;

const rateConfirmations = client.api["rate-confirmations"];

/** "Job # — origin → destination", the picker's text. */
export const rateConfirmationLabel = (
  rc: Pick<RateConfirmationOption, "jobNumber" | "originAddress" | "destinationAddress">,
) => `${rc.jobNumber} — ${rc.originAddress} → ${rc.destinationAddress}`;

/** The active rate confirmations matching `q` (job number, origin, destination), newest first. */
const searchRateConfirmations = (q: string) =>
  call(rateConfirmations.$get({ query: { q, pageSize: String(PICKER_PAGE_SIZE), sort: "createdAt" } }));

/**
 * The company's rate confirmations, searched on the server as you type. A chosen one is read by id
 * under the record's own key, so the linked summary card and the picker share one request.
 */
export function RateConfirmationPicker({ placeholder = "Select a rate confirmation", ...props }: Props) {
  const queryClient = useQueryClient();
  const fetchSelected = useCallback(
    (id: string) => queryClient.fetchQuery({ ...rateConfirmationRecordQuery(id), staleTime: 30_000 }),
    [queryClient],
  );
  return (
    <ServerCombobox<RateConfirmationOption>
      {...props}
      placeholder={placeholder}
      queryKey={queryKeys.rateConfirmations}
      search={searchRateConfirmations}
      fetchSelected={fetchSelected}
      getValue={(rc) => rc.id}
      getLabel={rateConfirmationLabel}
      getDetail={(rc) => `${rc.clientName} · starts ${formatDate(rc.startDate)}`}
      searchLabel="Search rate confirmations"
      noun="rate confirmations"
      emptyHint={
        props.emptyHint ?? (
          <>
            No rate confirmations yet.{" "}
            <Link to="/rate-confirmations/new" className={inlineLinkClass}>
              Add a rate confirmation
            </Link>
          </>
        )
      }
    />
  );
}
