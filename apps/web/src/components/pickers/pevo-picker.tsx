import type { TPevo, TPevoQualification } from "@pevo/shared";
import { Link } from "react-router";
import { PICKER_PAGE_SIZE, type PickerProps, ServerCombobox } from "@/components/server-combobox";
import { call, client, pathParams } from "@/lib/api-client";
import {
  fetchQualifications,
  type QualificationJob,
  qualificationKey,
  qualificationQuery,
  qualificationSummary,
} from "@/lib/assignment";
import { queryKeys } from "@/lib/query-keys";
import { inlineLinkClass } from "@/lib/utils";

/** A PEVO of the picker, with their check for the job when the picker has one. */
type PickerPevo = TPevo & { qualification?: TPevoQualification };

type Props = PickerProps<PickerPevo> & {
  /** The job being assigned: each option shows ✓ or what is missing, and qualified PEVOs come first. */
  qualifyFor?: QualificationJob | null;
  /**
   * What the field stores: the PEVO's id (dispatches, positions) or their full name (an invoice's
   * PEVO Name, a text). With "name" the value is its own label.
   */
  valueBy?: "id" | "name";
};

const pevoFullName = (p: Pick<TPevo, "firstName" | "lastName">) => `${p.firstName} ${p.lastName}`;

const searchActivePevos = (q: string) =>
  call(client.api.pevos.$get({ query: { q, status: "active", pageSize: String(PICKER_PAGE_SIZE) } }));

/**
 * The page of matches with each PEVO's check for the job, qualified first (the order among each
 * group stays the list's: by last name). Only the page is checked: the server bounds it.
 */
async function searchQualified(q: string, job: NonNullable<ReturnType<typeof qualificationQuery>>) {
  const page = await searchActivePevos(q);
  if (page.items.length === 0) return page;
  const checked = await fetchQualifications(
    job,
    page.items.map((p) => p.id),
  );
  const byId = new Map(checked.results.map((r) => [r.pevoId, r]));
  const items: PickerPevo[] = page.items.map((p) => ({ ...p, qualification: byId.get(p.id) }));
  const rank = (p: PickerPevo) => (p.qualification?.qualified ? 0 : 1);
  return { ...page, items: items.sort((a, b) => rank(a) - rank(b)) };
}

const readPevo = (id: string) => call(client.api.pevos[":id"].$get({ param: pathParams({ id }) }));

/** An inactive PEVO (already assigned) reads "Name (inactive)" on the button. */
const labelOf = (p: TPevo) => (p.status === "active" ? pevoFullName(p) : `${pevoFullName(p)} (inactive)`);

/**
 * The active PEVOs by last name, searched on the server as you type (name, email, phone). A PEVO
 * already chosen stays shown when they are no longer active ("(inactive)"), read by id.
 */
export function PevoPicker({ placeholder = "Select a PEVO", valueBy = "id", qualifyFor, ...props }: Props) {
  const byName = valueBy === "name";
  const job = qualificationQuery(qualifyFor);
  return (
    <ServerCombobox<PickerPevo>
      {...props}
      placeholder={placeholder}
      queryKey={job ? [...qualificationKey(job), "picker"] : queryKeys.pevos}
      search={job ? (q) => searchQualified(q, job) : searchActivePevos}
      fetchSelected={byName ? undefined : readPevo}
      selectedLabel={props.selectedLabel ?? (byName ? props.value : undefined)}
      getValue={byName ? pevoFullName : (p) => p.id}
      getLabel={labelOf}
      getDetail={(p) =>
        p.qualification
          ? `${qualificationSummary(p.qualification)}${p.phone ? ` · ${p.phone}` : ""}`
          : (p.phone ?? p.email)
      }
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
