import {
  additionalRateRows,
  displayPhone,
  POSITION_TYPES,
  RATE_UNITS,
  type TRateConfirmationDocument,
} from "@pevo/shared";
import { LoadDetailsList } from "@/components/load-details-list";
import { formatDate, formatMoney } from "@/lib/format";

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <section className="grid gap-2">
    <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h2>
    {children}
  </section>
);

/** The whole rate confirmation exactly as sent (the terms the signer is bound by). */
export function RateConfirmationDocument({ doc }: { doc: TRateConfirmationDocument }) {
  const { company: co, standardRates: sr } = doc;
  const standard: [string, string][] = [
    ["Minimum daily rate", `${formatMoney(sr.minimumDailyRate)} per day`],
    ["Mileage rate", `${formatMoney(sr.mileageRate)} per mile`],
    ["Overnight rate", `${formatMoney(sr.overnightRate)} per night`],
    ["No-go rate", formatMoney(sr.noGoRate)],
    ["Detention rate", `${formatMoney(sr.detentionRate)} per hour after ${sr.detentionThreshold} hours`],
    // Only when set: a document sent before the additional rate kinds reads as it was sent.
    ...(doc.additionalRates ? additionalRateRows(doc.additionalRates) : []).map(
      ({ label, value }): [string, string] => [label, value],
    ),
  ];
  const contact = [displayPhone(co.phone), co.email].filter(Boolean).join(" · ");
  const numbers = [co.mcNumber ? `MC ${co.mcNumber}` : null, co.dotNumber ? `DOT ${co.dotNumber}` : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <article className="grid gap-6 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-8">
      <header className="grid gap-1 border-b pb-4 sm:flex sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="break-words text-lg font-bold">{co.name}</p>
          {co.address ? (
            <p className="whitespace-pre-line break-words text-sm text-muted-foreground">{co.address}</p>
          ) : null}
          {contact ? <p className="break-words text-sm text-muted-foreground">{contact}</p> : null}
          {numbers ? <p className="text-sm text-muted-foreground">{numbers}</p> : null}
        </div>
        <div className="mt-3 sm:mt-0 sm:text-right">
          <h1 className="text-xl font-semibold">Rate Confirmation</h1>
          <p className="font-mono text-sm" data-testid="job-number">
            {doc.jobNumber}
          </p>
        </div>
      </header>

      <div className="grid gap-6 sm:grid-cols-2">
        <Section title="Client">
          <p className="break-words">{doc.clientName}</p>
        </Section>
        <Section title="Dates">
          <p>
            {formatDate(doc.startDate)}
            {doc.endDate && doc.endDate !== doc.startDate ? ` – ${formatDate(doc.endDate)}` : null}
          </p>
        </Section>
        <Section title="Origin">
          <p className="break-words">{doc.originAddress}</p>
        </Section>
        <Section title="Destination">
          <p className="break-words">{doc.destinationAddress}</p>
        </Section>
      </div>

      <Section title="Description">
        <p className="whitespace-pre-line break-words">{doc.description}</p>
      </Section>

      <Section title="Standard rates">
        <dl className="grid gap-1 text-sm">
          {standard.map(([k, v]) => (
            <div
              key={k}
              className="flex flex-wrap justify-between gap-x-4 border-b border-dashed py-1 last:border-0"
            >
              <dt className="text-muted-foreground">{k}</dt>
              <dd className="font-medium">{v}</dd>
            </div>
          ))}
        </dl>
      </Section>

      {doc.customRates.length > 0 ? (
        <Section title="Additional rates">
          <dl className="grid gap-1 text-sm">
            {doc.customRates.map((r, i) => (
              <div
                key={i}
                className="flex flex-wrap justify-between gap-x-4 border-b border-dashed py-1 last:border-0"
              >
                <dt className="min-w-0 break-words text-muted-foreground">{r.name}</dt>
                <dd className="font-medium">
                  {formatMoney(r.amount)} {RATE_UNITS[r.unit].toLowerCase()}
                </dd>
              </div>
            ))}
          </dl>
        </Section>
      ) : null}

      <Section title="Positions">
        {doc.positions.length > 0 ? (
          <ul className="list-inside list-disc text-sm">
            {doc.positions.map((p, i) => (
              <li key={i} className="break-words">
                {p.positionType === "custom" && p.customName ? p.customName : POSITION_TYPES[p.positionType]}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">None</p>
        )}
      </Section>

      {doc.loadDetails ? (
        <Section title="Load details">
          <LoadDetailsList details={doc.loadDetails} />
        </Section>
      ) : null}

      {doc.additionalTerms ? (
        <Section title="Additional terms">
          <p className="whitespace-pre-line break-words text-sm">{doc.additionalTerms}</p>
        </Section>
      ) : null}
    </article>
  );
}
