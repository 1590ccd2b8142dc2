import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "@/lib/utils";

/** A label and its value on a card. */
export type CardFact = { label: string; value: ReactNode; className?: string };

/** The stacked cards that stand for a table's rows on phones. */
export function CardList({
  label,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ul aria-label={label} className={cn("grid gap-3", className)}>
      {children}
    </ul>
  );
}

/**
 * One row as a card: the title (a link with `titleHref`) over a subtitle, a badge or menu at the top
 * right, label / value facts, and the row's actions under a rule. With `href` the whole card is a link.
 */
export function ListCard({
  title,
  titleHref,
  subtitle,
  aside,
  facts,
  actions,
  href,
}: {
  title: ReactNode;
  titleHref?: string;
  subtitle?: ReactNode;
  aside?: ReactNode;
  facts: CardFact[];
  actions?: ReactNode;
  href?: string;
}) {
  const content = (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          {titleHref ? (
            <Link to={titleHref} className="font-medium [overflow-wrap:anywhere] hover:underline">
              {title}
            </Link>
          ) : (
            <p className="font-medium [overflow-wrap:anywhere]">{title}</p>
          )}
          {subtitle ? <p className="text-muted-foreground [overflow-wrap:anywhere]">{subtitle}</p> : null}
        </div>
        {aside}
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        {facts.map((fact) => (
          <Fragment key={fact.label}>
            <dt className="text-muted-foreground">{fact.label}</dt>
            <dd className={cn("min-w-0 [overflow-wrap:anywhere]", fact.className)}>{fact.value}</dd>
          </Fragment>
        ))}
      </dl>
      {actions ? <div className="mt-3 min-w-0 border-t pt-2">{actions}</div> : null}
    </>
  );
  const card = "min-w-0 rounded-lg border bg-card p-4 text-sm shadow-xs";
  if (!href) return <li className={card}>{content}</li>;
  return (
    <li>
      <Link
        to={href}
        className={cn(
          "block transition-colors hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
          card,
        )}
      >
        {content}
      </Link>
    </li>
  );
}
