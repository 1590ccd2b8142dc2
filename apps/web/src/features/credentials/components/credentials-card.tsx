import { INSURANCE_TYPE_LABELS, type TCertification, type TCredentials, type TInsurance } from "@pevo/shared";
import { FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ExpiryHintText } from "@/components/expiry-value";
import { QueryErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { documentFileHref } from "@/features/documents";
import { formatMoney, formatShortDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import {
  type CredentialsOwner,
  documentsOwnerOf,
  type ListKind,
  useCredentials,
  useDeleteCredential,
} from "../api";
import { CredentialDialog, type Editing } from "./credential-dialog";
import { ReviewBadge, ReviewControls } from "./review-controls";
import { VehicleForm } from "./vehicle-form";
import { PendingVersion, VersionHistory } from "./versions";

/**
 * A PEVO's credentials: the driver's licence, state certifications, insurance, the vehicle and its
 * equipment. The office adds / edits / deletes and reviews the PEVO's changes; in the portal the
 * PEVO edits their own, each change pending the office's review.
 */
export function CredentialsCard({
  owner,
  addCertificationFirst = false,
}: {
  owner: CredentialsOwner;
  /** Open the new certification form at once (the PEVO was just added to record one). */
  addCertificationFirst?: boolean;
}) {
  const credentials = useCredentials(owner);
  const [editing, setEditing] = useState<Editing>(() =>
    addCertificationFirst ? { kind: "certifications", item: null } : null,
  );
  const [toDelete, setToDelete] = useState<{ kind: ListKind; id: string; label: string } | null>(null);
  const remove = useDeleteCredential(owner);

  let body: ReactNode;
  if (credentials.isPending) {
    body = (
      <div className="grid gap-3" role="status" aria-label="Loading credentials">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  } else if (credentials.isError) {
    body = <QueryErrorState message="Error loading credentials" query={credentials} />;
  } else {
    const data = credentials.data;
    body = (
      // minmax(0, 1fr): a long unbroken value wraps inside the card instead of widening the page.
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Licence data={data} owner={owner} />
        <Section
          title="State certifications"
          empty="No certifications yet."
          addLabel="Add certification"
          onAdd={() => setEditing({ kind: "certifications", item: null })}
        >
          {data.certifications.map((c) => (
            <Row
              key={c.id}
              owner={owner}
              kind="certifications"
              item={c}
              title={`${c.state} certification`}
              detail={certificationDetail(c)}
              pendingDetail={c.pendingVersion ? certificationDetail(c.pendingVersion) : null}
              onEdit={() => setEditing({ kind: "certifications", item: editable(owner, c) })}
              onDelete={() =>
                setToDelete({
                  kind: "certifications",
                  id: c.id,
                  label: `${c.state} certification ${c.certificateNumber}`,
                })
              }
            />
          ))}
        </Section>
        <Section
          title="Insurance"
          empty="No insurance yet."
          addLabel="Add insurance"
          onAdd={() => setEditing({ kind: "insurance", item: null })}
        >
          {data.insurance.map((i) => (
            <Row
              key={i.id}
              owner={owner}
              kind="insurance"
              item={i}
              title={`${INSURANCE_TYPE_LABELS[i.type]} insurance`}
              detail={insuranceDetail(i)}
              pendingDetail={i.pendingVersion ? insuranceDetail(i.pendingVersion) : null}
              onEdit={() => setEditing({ kind: "insurance", item: editable(owner, i) })}
              onDelete={() =>
                setToDelete({
                  kind: "insurance",
                  id: i.id,
                  label: `${INSURANCE_TYPE_LABELS[i.type]} insurance ${i.policyNumber}`,
                })
              }
            />
          ))}
        </Section>
        <VehicleForm
          key={`${data.vehicle?.updatedAt ?? "new"}-${data.vehicle?.pendingVersion?.submittedAt ?? ""}`}
          owner={owner}
          vehicle={data.vehicle}
        />
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {/* A heading: the licence, insurance and vehicle sections below are its h3s. */}
          <h2>Credentials</h2>
          {credentials.data?.pendingReview ? (
            <Badge variant="yellow">{credentials.data.pendingReview} pending review</Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          {owner.kind === "portal"
            ? "Your certifications, insurance and vehicle. Changes are reviewed by your office."
            : "Certifications per state, insurance, vehicle and equipment."}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <CredentialDialog owner={owner} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this credential?"
        description={
          <>
            <span className="font-medium text-foreground [overflow-wrap:anywhere]">{toDelete?.label}</span>{" "}
            will be deleted. Its document stays in the documents.
          </>
        }
        pending={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              toast.success("Credential deleted");
              setToDelete(null);
            },
            onError: (e) => {
              toast.error(`Failed to delete: ${e.message}`);
              setToDelete(null);
            },
          })
        }
      />
    </Card>
  );
}

const certificationDetail = (c: Pick<TCertification, "certificateNumber" | "issuedOn">) =>
  `No. ${c.certificateNumber}${c.issuedOn ? ` · issued ${formatShortDate(c.issuedOn)}` : ""}`;
const insuranceDetail = (i: Pick<TInsurance, "carrier" | "policyNumber" | "coverageAmount">) =>
  `${i.carrier} · policy ${i.policyNumber}${i.coverageAmount ? ` · ${formatMoney(i.coverageAmount)}` : ""}`;

/**
 * What the edit form starts from: in the portal, the PEVO's pending version when there is one (they
 * correct what they sent); the office edits the values in force.
 */
function editable<T extends TCertification | TInsurance>(owner: CredentialsOwner, item: T): T {
  if (owner.kind === "office" || !item.pendingVersion) return item;
  const { versionId: _, submittedAt: __, ...values } = item.pendingVersion;
  return { ...item, ...values };
}

function Licence({ data, owner }: { data: TCredentials; owner: CredentialsOwner }) {
  return (
    <section className="grid gap-1" aria-label="Driver's licence">
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        Driver's licence
        <ReviewBadge status={data.licenceReviewStatus} />
      </h3>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
        <span className="min-w-0 [overflow-wrap:anywhere]">
          {data.licenseNumber ? `No. ${data.licenseNumber}` : "No number recorded"}
        </span>
        <span>·</span>
        <span>
          {data.licenceExpiresOn ? `expires ${formatShortDate(data.licenceExpiresOn)}` : "no expiry recorded"}
        </span>
        <ExpiryHintText expiry={data.licenceExpiresOn} />
      </p>
      {data.licenceReviewStatus === "rejected" && data.licenceReviewNote ? (
        <p className="text-xs text-destructive [overflow-wrap:anywhere]">
          Rejected: {data.licenceReviewNote}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {owner.kind === "portal"
          ? "Edit it in Personal Information above."
          : "Edit it in the PEVO form above."}
      </p>
      {owner.kind === "office" && data.licenceReviewStatus === "pending" ? (
        <ReviewControls pevoId={owner.pevoId} target={{ kind: "licence" }} what="Driver's licence" />
      ) : null}
    </section>
  );
}

function Section({
  title,
  empty,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  empty: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode[];
}) {
  return (
    <section className="grid gap-2" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        <Button type="button" variant="outline" size="sm" className="h-11 md:h-8" onClick={onAdd}>
          <Plus />
          {addLabel}
        </Button>
      </div>
      {children.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y rounded-lg border">{children}</ul>
      )}
    </section>
  );
}

function Row({
  owner,
  kind,
  item,
  title,
  detail,
  pendingDetail,
  onEdit,
  onDelete,
}: {
  owner: CredentialsOwner;
  kind: ListKind;
  item: TCertification | TInsurance;
  title: string;
  detail: string;
  pendingDetail: string | null;
  onEdit: () => void;
  onDelete: () => void;
}) {
  // A change of an approved credential waits beside it (DECISIONS 'Credential versions').
  const renewal = item.reviewStatus === "approved" && item.pendingVersion ? item.pendingVersion : null;
  return (
    <li className="grid gap-2 p-3">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {title}
            <ReviewBadge status={item.reviewStatus} />
            {renewal ? <Badge variant="yellow">Update pending review</Badge> : null}
          </p>
          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{detail}</p>
          <p className="flex flex-wrap items-center gap-2 text-xs">
            <span className="tabular-nums">Expires {formatShortDate(item.expiresOn)}</span>
            <ExpiryHintText expiry={item.expiresOn} />
          </p>
          {item.document ? (
            <a
              href={documentFileHref(documentsOwnerOf(owner), item.document.id)}
              download={item.document.fileName}
              className="mt-1 inline-flex max-w-full items-center gap-1 text-xs underline-offset-4 hover:underline"
            >
              <FileText className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{item.document.fileName}</span>
            </a>
          ) : null}
          {item.reviewStatus === "rejected" && item.reviewNote ? (
            <p className="mt-1 text-xs text-destructive [overflow-wrap:anywhere]">
              Rejected: {item.reviewNote}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-11 md:size-9"
            aria-label={`Edit ${title}`}
            onClick={onEdit}
          >
            <Pencil />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-11 text-muted-foreground hover:text-destructive md:size-9"
            aria-label={`Delete ${title}`}
            onClick={onDelete}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
      {renewal ? (
        <PendingVersion
          owner={owner}
          submittedAt={renewal.submittedAt}
          detail={pendingDetail ?? ""}
          expiresOn={renewal.expiresOn}
        />
      ) : null}
      {owner.kind === "office" && (item.reviewStatus === "pending" || renewal) ? (
        <ReviewControls pevoId={owner.pevoId} target={{ kind, id: item.id }} what={title} />
      ) : null}
      <VersionHistory versions={item.versions} />
    </li>
  );
}
