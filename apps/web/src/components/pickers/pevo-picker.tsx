import type { TPevo } from "@pevo/shared";
import { Link } from "react-router";
import { PICKER_PAGE_SIZE, type PickerProps, ServerCombobox } from "@/components/server-combobox";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { inlineLinkClass } from "@/lib/utils";

type Props = PickerProps<TPevo> & {
  /**
   * What the field stores: the PEVO's id (dispatches, positions) or their full name (an invoice's
   * PEVO Name, a text). With "name" the value is its own label.
   */
  valueBy?: "id" | "name";
};

export const pevoFullName = (p: Pick<TPevo, "firstName" | "lastName">) => `${p.firstName} ${p.lastName}`;

const searchActivePevos = (q: string) =>
  call(client.api.pevos.$get({ query: { q, status: "active", pageSize: String(PICKER_PAGE_SIZE) } }));

const readPevo = (id: string) => call(client.api.pevos[":id"].$get({ param: pathParams({ id }) }));

/** An inactive PEVO (already assigned) reads "Name (inactive)" on the button. */
const labelOf = (p: TPevo) => (p.status === "active" ? pevoFullName(p) : `${pevoFullName(p)} (inactive)`);

/**
 * The active PEVOs by last name, searched on the server as you type (name, email, phone). A PEVO
 * already chosen stays shown when they are no longer active ("(inactive)"), read by id.
 */
export function PevoPicker({ placeholder = "Select a PEVO", valueBy = "id", ...props }: Props) {
  const byName = valueBy === "name";
  return (
    <ServerCombobox<TPevo>
      {...props}
      placeholder={placeholder}
      queryKey={queryKeys.pevos}
      search={searchActivePevos}
      fetchSelected={byName ? undefined : readPevo}
      selectedLabel={props.selectedLabel ?? (byName ? props.value : undefined)}
      getValue={byName ? pevoFullName : (p) => p.id}
      getLabel={labelOf}
      getDetail={(p) => p.phone ?? p.email}
      searchLabel="Search PEVOs"
      noun="active PEVOs"
      emptyHint={
        props.emptyHint ?? (
          <>
            No active PEVOs.{" "}
            <Link to="/pevos/new" className={inlineLinkClass}>
              Add a PEVO
            </Link>
          </>
        )
      }
    />
  );
}
