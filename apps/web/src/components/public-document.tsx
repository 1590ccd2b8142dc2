import { displayPhone, formatDotNumber, formatMcNumber, type TLetterhead } from "@pevo/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import { Download, FileX } from "lucide-react";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";

/**
 * The page around a document a client opens by link (/i, /cn; ARCHITECTURE 'public token links'):
 * the document once loaded, a spinner while it loads, and why it cannot be shown (a bad link is a
 * 404 with its own message; any other failure can be tried again). `noun` names the document in
 * those texts ("invoice", "credit note").
 */
export function PublicDocumentPage<T>({
  query,
  noun,
  children,
}: {
  query: UseQueryResult<T>;
  noun: string;
  children: (data: T) => React.ReactNode;
}) {
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="min-h-svh bg-muted/40 text-foreground">
      <main className="mx-auto grid max-w-3xl gap-4 px-3 py-6 sm:px-6 sm:py-10">
        {query.data ? (
          children(query.data)
        ) : query.isPending ? (
          <div className="flex items-center justify-center gap-2 py-20 text-muted-foreground" role="status">
            <Spinner /> Loading the {noun}...
          </div>
        ) : (
          <div
            role="alert"
            className="grid justify-items-center gap-3 rounded-lg border bg-card p-8 text-center shadow-sm"
          >
            <FileX className="size-10 text-muted-foreground" aria-hidden />
            <h1 className="text-lg font-semibold">
              {notFound ? "This link cannot be used" : `The ${noun} could not be loaded`}
            </h1>
            <p className="max-w-md text-muted-foreground">
              {notFound && query.error instanceof ApiError
                ? query.error.message
                : failureMessage(query.error, `The ${noun} could not be loaded. Try again later.`)}
            </p>
            {notFound ? null : (
              <Button variant="outline" onClick={() => void query.refetch()}>
                Try again
              </Button>
            )}
          </div>
        )}
      </main>
    </div>
  );
}

/** The line above a public document: what it comes to, and its PDF to download. */
export function PublicDocumentToolbar({ summary, pdfHref }: { summary: React.ReactNode; pdfHref: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">{summary}</p>
      <Button asChild className="w-full sm:w-auto">
        <a href={pdfHref} download>
          <Download />
          Download PDF
        </a>
      </Button>
    </div>
  );
}

/** The company's letterhead at the top of a public document: name, address, contact, MC and DOT. */
export function PublicLetterhead({ company: c }: { company: TLetterhead }) {
  const contact = [displayPhone(c.phone), c.email].filter(Boolean).join(" · ");
  const authority = [formatMcNumber(c.mcNumber), formatDotNumber(c.dotNumber)].filter(Boolean).join(" · ");
  return (
    <div className="min-w-0 text-sm">
      <p className="text-xl font-semibold tracking-tight">{c.name}</p>
      {c.address ? <p className="mt-1 whitespace-pre-line text-muted-foreground">{c.address}</p> : null}
      {contact ? <p className="text-muted-foreground">{contact}</p> : null}
      {authority ? <p className="text-muted-foreground">{authority}</p> : null}
    </div>
  );
}

/** The company's footer at the end of a public document, when it has one. */
export function PublicDocumentFooter({ footer }: { footer: string | null }) {
  return footer ? <p className="border-t pt-4 text-center text-sm text-muted-foreground">{footer}</p> : null;
}
