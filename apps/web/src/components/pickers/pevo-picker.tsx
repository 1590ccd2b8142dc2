import type { TPevo, TPevoMarks } from "@pevo/shared";
import { displayPhone } from "@pevo/shared";
import { Link } from "react-router";
import { type PickerProps, type PickerSource, ServerCombobox } from "@/components/server-combobox";
import { qualificationSummary } from "@/lib/assignment";
import { inlineLinkClass } from "@/lib/utils";

/** A PEVO of the picker, with their check for the job when the picker has one. */
export type PickerPevo = TPevo & { qualification?: TPevoMarks };

type Props = PickerProps<PickerPevo> & {
  /**
   * The active PEVOs, searched on the server, each with their check for the job being assigned
   * when there is one (features/pevos: `pevoPickerSource(job)`, qualified first).
   */
  source: PickerSource<PickerPevo>;
  /**
   * What the field stores: the PEVO's id (dispatches, positions) or their full name (an invoice's
   * PEVO Name, a text). With "name" the value is its own label.
   */
  valueBy?: "id" | "name";
};

const pevoFullName = (p: Pick<TPevo, "firstName" | "lastName">) => `${p.firstName} ${p.lastName}`;

/** An inactive PEVO (already assigned) reads "Name (inactive)" on the button. */
const labelOf = (p: TPevo) => (p.status === "active" ? pevoFullName(p) : `${pevoFullName(p)} (inactive)`);

/**
 * The active PEVOs by last name, searched as you type (name, email, phone); with a job each option
 * shows ✓ or what is missing. A PEVO already chosen stays shown when they are no longer active
 * ("(inactive)"), read by id.
 */
export function PevoPicker({ placeholder = "Select a PEVO", valueBy = "id", source, ...props }: Props) {
  const byName = valueBy === "name";
  return (
    <ServerCombobox<PickerPevo>
      {...props}
      queryKey={source.queryKey}
      search={source.search}
      fetchSelected={byName ? undefined : source.fetchSelected}
      placeholder={placeholder}
      selectedLabel={props.selectedLabel ?? (byName ? props.value : undefined)}
      getValue={byName ? pevoFullName : (p) => p.id}
      getLabel={labelOf}
      getDetail={(p) =>
        p.qualification
          ? `${qualificationSummary(p.qualification)}${p.phone ? ` · ${displayPhone(p.phone)}` : ""}`
          : p.phone
            ? displayPhone(p.phone)
            : p.email
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
