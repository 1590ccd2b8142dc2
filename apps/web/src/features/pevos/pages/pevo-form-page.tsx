import { type ReactNode, useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { MailStatus } from "@/components/mail-status";
import { PageHeader } from "@/components/page-header";
import { LoadingState, QueryErrorState } from "@/components/states";
import { CredentialsCard, PendingReviewBadge } from "@/features/credentials";
import { DocumentsCard } from "@/features/documents";
import { PayPlanCard } from "@/features/settlements";
import { TaxInfoCard } from "@/features/tax";
import { ApiError } from "@/lib/api";
import { usePevo } from "../api";
import { PevoForm } from "../components/pevo-form";
import { PevoMissing } from "./pevo-route-not-found";

/** /pevos/new */
export function PevoAddPage() {
  return (
    <div>
      <PageHeader title="Add PEVO" subtitle="Add a pilot / escort vehicle operator to your roster." />
      <PevoForm />
    </div>
  );
}

/** /pevos/edit/{id}: 'PEVO not found' when the id is unknown (or another company's). */
export function PevoEditPage() {
  const { id = "" } = useParams();
  const pevo = usePevo(id);
  // "Save and add a state certification" lands here with the certification form to open: once (the
  // address loses the request, so a reload does not open it again).
  const [search, setSearch] = useSearchParams();
  const [addCertification] = useState(() => search.get("add") === "certification");
  useEffect(() => {
    if (search.has("add")) setSearch({}, { replace: true, preventScrollReset: true });
  }, [search, setSearch]);

  let body: ReactNode;
  if (pevo.isPending) {
    body = <LoadingState text="Loading PEVO..." />;
  } else if (pevo.isError) {
    body =
      pevo.error instanceof ApiError && pevo.error.status === 404 ? (
        <PevoMissing
          title="PEVO not found"
          detail="This PEVO does not exist or has been deleted."
          level={2}
        />
      ) : (
        <QueryErrorState message="Error loading PEVO" query={pevo} />
      );
  } else {
    // Keyed by id: the form starts from this PEVO and keeps what is typed while the query refreshes.
    body = (
      <div className="grid gap-6">
        <PevoForm key={pevo.data.id} pevo={pevo.data} />
        <div className="max-w-3xl scroll-mt-20" id="credentials">
          <CredentialsCard
            owner={{ kind: "office", pevoId: pevo.data.id }}
            addCertificationFirst={addCertification}
          />
        </div>
        <div className="max-w-3xl">
          <DocumentsCard
            owner={{ kind: "pevo", id: pevo.data.id }}
            description="Certification cards, insurance certificates, licence."
            defaultCategory="certificate"
          />
        </div>
        <div className="max-w-3xl">
          <PayPlanCard pevoId={pevo.data.id} />
        </div>
        <div className="max-w-3xl">
          <TaxInfoCard owner={{ kind: "pevo", id: pevo.data.id }} />
        </div>
      </div>
    );
  }
  const subtitle = pevo.data
    ? pevo.data.hasLogin && pevo.data.email
      ? `Portal login: ${pevo.data.email}`
      : "No portal access (added without an email)."
    : undefined;

  return (
    <div>
      <PageHeader
        title="Edit PEVO"
        subtitle={subtitle}
        actions={
          // The PEVO's changes waiting for review: the link goes to the credentials where they are reviewed.
          pevo.data ? (
            <a href="#credentials" className="inline-flex empty:hidden">
              <PendingReviewBadge pevoId={pevo.data.id} />
            </a>
          ) : undefined
        }
      />
      {pevo.data?.invitationMail ? (
        <MailStatus mail={pevo.data.invitationMail} label="Invitation" className="-mt-4 mb-6" />
      ) : null}
      {body}
    </div>
  );
}
