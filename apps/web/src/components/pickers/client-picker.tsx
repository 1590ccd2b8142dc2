import type { TClient } from "@pevo/shared";
import { displayPhone } from "@pevo/shared";
import { Link } from "react-router";
import { type PickerProps, type PickerSource, ServerCombobox } from "@/components/server-combobox";
import { inlineLinkClass } from "@/lib/utils";

type Props = PickerProps<TClient> & {
  /** The company's clients, searched on the server (features/clients: `clientPickerSource`). */
  source: PickerSource<TClient>;
};

/** The company's clients by name, searched as you type (name, contact, email, phone). */
export function ClientPicker({ placeholder = "Select a client", source, ...props }: Props) {
  return (
    <ServerCombobox<TClient>
      {...props}
      {...source}
      placeholder={placeholder}
      getValue={(c) => c.id}
      getLabel={(c) => c.name}
      getDetail={(c) => [c.contactPerson, c.email ?? displayPhone(c.phone)].filter(Boolean).join(" · ")}
      searchLabel="Search clients"
      noun="clients"
      emptyHint={
        props.emptyHint ?? (
          <>
            You have no clients yet.{" "}
            <Link to="/clients" className={inlineLinkClass}>
              Add a client
            </Link>
          </>
        )
      }
    />
  );
}
