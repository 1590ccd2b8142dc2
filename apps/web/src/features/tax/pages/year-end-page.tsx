import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TTaxYear,
  type TTaxYearSettings,
  type TTaxYearSettingsInput,
  ZTaxYearSettingsInput,
} from "@pevo/shared";
import { Download, FileText, UserRoundX } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { Pager } from "@/components/data-table";
import { LimitedForm } from "@/components/field-limits";
import { InputField } from "@/components/form-fields";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ListSkeleton, QueryErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useIsMobile } from "@/components/ui/use-mobile";
import { applyFieldErrors } from "@/lib/api";
import { formatMoney } from "@/lib/format";
import type { PagedList } from "@/lib/paged-query";
import { toast } from "@/lib/toast";
import {
  copyBHref,
  form1099CsvHref,
  useMissingW9s,
  useSaveTaxYear,
  useTaxYear,
  useTaxYearRecipients,
} from "../api";

/** Before March the year to file is last year's; from then on this year's is the one being paid. */
const defaultYear = (now = new Date()) => (now.getMonth() < 2 ? now.getFullYear() - 1 : now.getFullYear());

/**
 * /year-end: the office's 1099-NEC year end (DECISIONS 'Year end: W-9 and 1099-NEC'): the year's
 * threshold and choices, the PEVOs without a complete W-9, each PEVO's nonemployee compensation
 * with its Copy B (both lists a page at a time), and the CSV for the 1099 e-file service (every
 * recipient at or above the threshold, built on the server).
 */
export default function YearEndPage() {
  const [year, setYear] = useState(defaultYear);
  const thisYear = new Date().getFullYear();
  const years = [thisYear + 1, thisYear, thisYear - 1, thisYear - 2, thisYear - 3];
  const taxYear = useTaxYear(year);
  return (
    <div>
      <PageHeader
        title="Year end (1099-NEC)"
        subtitle="Nonemployee compensation paid to your PEVOs, their W-9s and the 1099 files"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor="tax-year" className="sr-only">
              Tax year
            </Label>
            <Select value={String(year)} onValueChange={(v) => setYear(Number(v))}>
              <SelectTrigger id="tax-year" className="w-28" aria-label="Tax year">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {years.map((y) => (
                  <SelectItem key={y} value={String(y)}>
                    {y}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button asChild variant="outline">
              <a href={form1099CsvHref(year)}>
                <Download aria-hidden />
                1099-NEC CSV
              </a>
            </Button>
          </div>
        }
      />
      {taxYear.isError ? (
        <QueryErrorState message="Error loading the tax year" query={taxYear} />
      ) : taxYear.data ? (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6">
            <Recipients data={taxYear.data} />
            <MissingW9s data={taxYear.data} />
          </div>
          <SettingsCard key={`${year}-${taxYear.data.threshold}`} data={taxYear.data} />
        </div>
      ) : (
        <ListSkeleton label="Loading the tax year" rows={4} />
      )}
    </div>
  );
}

/**
 * Under a paged list: Previous / Next on a desktop; "Load more" on a phone (usePagedQuery appends
 * the pages there). Nothing when the list fits one page.
 */
function ListPages({
  list,
  noun,
  onPageChange,
}: {
  list: PagedList<unknown>;
  noun: string;
  onPageChange: (page: number) => void;
}) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return list.hasMore ? (
      <div className="mt-3 flex justify-center">
        <Button variant="outline" className="w-full" onClick={list.loadMore} disabled={list.isLoadingMore}>
          {list.isLoadingMore ? <Spinner /> : null}
          Load more
        </Button>
      </div>
    ) : null;
  }
  if (list.total <= list.pageSize && list.page === 1) return null;
  return (
    <div className="mt-3">
      <Pager list={list} noun={noun} onPageChange={onPageChange} />
    </div>
  );
}

function Recipients({ data }: { data: TTaxYear }) {
  const [page, setPage] = useState(1);
  const list = useTaxYearRecipients(data.year, page);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Nonemployee compensation {data.year}</CardTitle>
        <CardDescription>
          Paid settlements by payment date. A 1099-NEC is due for each PEVO paid {formatMoney(data.threshold)}{" "}
          or more
          {data.recipientCount > 0
            ? `: ${data.reportableCount} of the ${data.recipientCount} PEVOs paid.`
            : "."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {list.isError && list.items.length === 0 ? (
          <QueryErrorState message="Error loading the PEVOs paid" query={list} />
        ) : list.isPending ? (
          <ListSkeleton label="Loading the PEVOs paid" rows={3} />
        ) : list.items.length === 0 ? (
          <EmptyState
            icon={<FileText />}
            text={`No PEVO was paid in ${data.year} yet: the totals come from the settlements marked paid.`}
          />
        ) : (
          <>
            <Table className={list.isFetching ? "opacity-60" : undefined}>
              <TableHeader>
                <TableRow>
                  <TableHead>PEVO</TableHead>
                  <TableHead className="text-right">Box 1</TableHead>
                  <TableHead>1099</TableHead>
                  <TableHead>
                    <span className="sr-only">Copy B</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.items.map((r) => (
                  <TableRow key={r.pevoId}>
                    <TableCell className="max-w-48 truncate font-medium">{r.name}</TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatMoney(r.compensation)}
                    </TableCell>
                    <TableCell>
                      <div className="flex flex-wrap gap-1">
                        {r.reachesThreshold ? (
                          <Badge>Due</Badge>
                        ) : (
                          <Badge variant="outline">Below threshold</Badge>
                        )}
                        {r.w9OnFile ? null : <Badge variant="destructive">No W-9</Badge>}
                      </div>
                    </TableCell>
                    <TableCell className="text-right">
                      <Button asChild variant="ghost" size="sm">
                        <a href={copyBHref(data.year, r.pevoId)}>Copy B</a>
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ListPages list={list} noun="PEVOs" onPageChange={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

const MISSING_LABELS = { tax_info: "No tax info", w9_document: "No signed W-9" } as const;

function MissingW9s({ data }: { data: TTaxYear }) {
  const [page, setPage] = useState(1);
  const list = useMissingW9s(data.year, page);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Missing W-9s ({data.missingW9Count})</CardTitle>
        <CardDescription>Active PEVOs without a complete W-9: collect them before January.</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isError && list.items.length === 0 ? (
          <QueryErrorState message="Error loading the missing W-9s" query={list} />
        ) : list.isPending ? (
          <ListSkeleton label="Loading the missing W-9s" rows={3} />
        ) : list.items.length === 0 ? (
          <EmptyState icon={<UserRoundX />} text="Every active PEVO has a W-9 on file." />
        ) : (
          <>
            <ul className={list.isFetching ? "divide-y opacity-60" : "divide-y"}>
              {list.items.map((m) => (
                <li key={m.pevoId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <Link
                      className="font-medium underline-offset-4 hover:underline"
                      to={`/pevos/edit/${m.pevoId}#tax-info`}
                    >
                      {m.name}
                    </Link>
                    {m.email ? <p className="truncate text-muted-foreground text-xs">{m.email}</p> : null}
                  </div>
                  <div className="flex flex-wrap gap-1">
                    {m.missing.map((k) => (
                      <Badge key={k} variant="outline">
                        {MISSING_LABELS[k]}
                      </Badge>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
            <ListPages list={list} noun="PEVOs" onPageChange={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function SettingsCard({ data }: { data: TTaxYear }) {
  const save = useSaveTaxYear(data.year);
  const form = useForm<TTaxYearSettingsInput, unknown, TTaxYearSettings>({
    resolver: zodResolver(ZTaxYearSettingsInput),
    defaultValues: {
      threshold: data.threshold,
      includeReimbursedExpenses: data.includeReimbursedExpenses,
      payerTin: data.payerTin ? `${data.payerTin.slice(0, 2)}-${data.payerTin.slice(2)}` : "",
    },
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(`Settings for ${data.year} saved`);
    } catch (error) {
      if (!applyFieldErrors(error, setError))
        toast.error(error instanceof Error ? error.message : "Could not save");
    }
  });
  return (
    <Card className="content-start">
      <CardHeader>
        <CardTitle>Settings for {data.year}</CardTitle>
        <CardDescription>
          Under current law {formatMoney(data.defaultThreshold)} for {data.year}; change it when the IRS
          publishes an indexed figure.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LimitedForm schema={ZTaxYearSettingsInput} onSubmit={onSubmit} noValidate className="grid gap-4">
          <InputField
            id="tax-threshold"
            label="Reporting threshold ($)"
            inputMode="decimal"
            error={formState.errors.threshold?.message}
            {...register("threshold")}
          />
          <Controller
            control={control}
            name="includeReimbursedExpenses"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Switch
                  id="tax-reimbursed"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
                <Label htmlFor="tax-reimbursed" className="leading-snug">
                  Count reimbursed expenses (fuel, lodging, tolls) as compensation
                </Label>
              </div>
            )}
          />
          <InputField
            id="tax-payer-tin"
            label="Payer's TIN (your company's EIN)"
            inputMode="numeric"
            placeholder="12-3456789"
            hint="Printed on each Copy B."
            error={formState.errors.payerTin?.message}
            {...register("payerTin")}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              Save settings
            </Button>
          </div>
        </LimitedForm>
      </CardContent>
    </Card>
  );
}
