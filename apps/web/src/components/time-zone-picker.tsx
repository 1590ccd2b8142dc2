import { searchTimeZones, timeZoneLabel, timeZoneOptions } from "@pevo/shared";
import { useMemo } from "react";
import type { BoundPicker } from "@/components/pickers/picker-field";
import { ServerCombobox } from "@/components/server-combobox";

/** How many matches the list shows at a time (typing narrows it). */
const SHOWN = 60;

/**
 * The company time zone: a searchable combobox (the pickers' keyboard behaviour) listing the US and
 * Canadian zones first by their common names ("Central Time — Chicago"), then every IANA zone.
 * The list is the browser's own (Intl), searched here: no server call.
 */
export function TimeZonePicker(props: BoundPicker) {
  const { value } = props;
  const options = useMemo(() => timeZoneOptions(value ?? undefined), [value]);
  return (
    <ServerCombobox
      {...props}
      queryKey={["time-zones", options.length]}
      search={async (q) => {
        const matches = searchTimeZones(options, q);
        return { items: matches.slice(0, SHOWN), total: matches.length };
      }}
      getValue={(option) => option.zone}
      getLabel={(option) => option.label}
      getDetail={(option) => option.detail}
      selectedLabel={value ? timeZoneLabel(value) : null}
      placeholder="Choose a time zone"
      searchLabel="Search time zones"
      noun="time zones"
    />
  );
}
