import type { TClient } from "@pevo/shared";
import { FilterField } from "@/components/list-filters";
import type { PickerSource } from "@/components/server-combobox";
import type { ListParams } from "@/lib/list-params";
import { ClientPicker } from "./client-picker";
import { PevoPicker, type PickerPevo } from "./pevo-picker";

/** A filter picker's width and its value, bound to one parameter of the address. */
const boundTo = (list: ListParams, param: string) => ({
  className: "w-full sm:w-56",
  value: list.get(param) ?? "",
  onChange: (value: string | null) => list.set({ [param]: value ?? "" }),
  onSelectedMissing: () => list.set({ [param]: "" }, { replace: true }),
});

/** A list filter by one client (`clientId` in the address), searched on the server as you type. */
export function ClientFilter({
  list,
  source,
  param = "clientId",
}: {
  list: ListParams;
  source: PickerSource<TClient>;
  param?: string;
}) {
  return (
    <FilterField label="Client">
      {(id) => (
        <ClientPicker
          id={id}
          source={source}
          {...boundTo(list, param)}
          noneLabel="All clients"
          placeholder="All clients"
        />
      )}
    </FilterField>
  );
}

/** A list filter by one PEVO (`pevoId` in the address), searched on the server as you type. */
export function PevoFilter({
  list,
  source,
  param = "pevoId",
}: {
  list: ListParams;
  source: PickerSource<PickerPevo>;
  param?: string;
}) {
  return (
    <FilterField label="PEVO">
      {(id) => (
        <PevoPicker
          id={id}
          source={source}
          {...boundTo(list, param)}
          noneLabel="All PEVOs"
          placeholder="All PEVOs"
        />
      )}
    </FilterField>
  );
}
