import type { TClient } from "@pevo/shared";
import { Link } from "react-router";
import { PICKER_PAGE_SIZE, type PickerProps, ServerCombobox } from "@/components/server-combobox";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { inlineLinkClass } from "@/lib/utils";

type Props = PickerProps<TClient>;

const searchClients = (q: string) =>
  call(client.api.clients.$get({ query: { q, pageSize: String(PICKER_PAGE_SIZE) } }));

const readClient = (id: string) => call(client.api.clients[":id"].$get({ param: pathParams({ id }) }));

/** The company's clients by name, searched on the server as you type (name, contact, email, phone). */
export function ClientPicker({ placeholder = "Select a client", ...props }: Props) {
  return (
    <ServerCombobox<TClient>
      {...props}
      placeholder={placeholder}
      queryKey={queryKeys.clients}
      search={searchClients}
      fetchSelected={readClient}
      getValue={(c) => c.id}
      getLabel={(c) => c.name}
      getDetail={(c) => [c.contactPerson, c.email ?? c.phone].filter(Boolean).join(" · ")}
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
