import type { TClient } from "@pevo/shared";
import { useId } from "react";
import type { PickerSource } from "@/components/server-combobox";
import { Label } from "@/components/ui/label";
import type { ListParams } from "@/lib/list-params";
import { ClientPicker } from "./client-picker";
import { PevoPicker, type PickerPevo } from "./pevo-picker";

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
  const id = useId();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Client
      </Label>
      <ClientPicker
        id={id}
        source={source}
        className="w-full sm:w-56"
        value={list.get(param) ?? ""}
        onChange={(value) => list.set({ [param]: value ?? "" })}
        onSelectedMissing={() => list.set({ [param]: "" }, { replace: true })}
        noneLabel="All clients"
        placeholder="All clients"
      />
    </div>
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
  const id = useId();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        PEVO
      </Label>
      <PevoPicker
        id={id}
        source={source}
        className="w-full sm:w-56"
        value={list.get(param) ?? ""}
        onChange={(value) => list.set({ [param]: value ?? "" })}
        onSelectedMissing={() => list.set({ [param]: "" }, { replace: true })}
        noneLabel="All PEVOs"
        placeholder="All PEVOs"
      />
    </div>
  );
}
