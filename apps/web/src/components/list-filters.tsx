import { SEARCH_MAX } from "@pevo/shared";
import { ChevronDown, Search, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { ListParams } from "@/lib/list-params";
import { useDebouncedValue } from "@/lib/use-debounced-value";

/** The filters row above a list: wraps on a phone. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-wrap items-end gap-2">{children}</div>;
}

/**
 * The search box of a list (`q` in the address): the server searches once typing pauses; typing
 * replaces the history entry instead of adding one per key.
 */
export function SearchBox({
  list,
  label,
  placeholder,
  param = "q",
}: {
  list: ListParams;
  label: string;
  placeholder: string;
  param?: string;
}) {
  const current = list.get(param) ?? "";
  const [text, setText] = useState(current);
  // Whether the box holds typing not sent yet, and the search this box last put in the address.
  const typed = useRef(false);
  const pushed = useRef(current);
  // The search box shows its bound rather than stopping at it; the query never goes past it.
  const term = useDebouncedValue(text.slice(0, SEARCH_MAX), 250);
  // Back, a link or "Clear filters" changed the address: show its search and drop any stale typing
  // (its debounced term would put the old search back). Our own update of the address changes nothing.
  useEffect(() => {
    if (current === pushed.current) return;
    pushed.current = current;
    typed.current = false;
    setText(current);
  }, [current]);
  useEffect(() => {
    if (typed.current && term.trim() !== current.trim()) {
      pushed.current = term.trim();
      list.set({ [param]: term.trim() }, { replace: true });
    }
  }, [term, current, list, param]);
  return (
    <div className="relative w-full sm:w-72">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        autoComplete="off"
        aria-label={label}
        placeholder={placeholder}
        maxLength={SEARCH_MAX}
        className="pl-9"
        value={text}
        onChange={(event) => {
          typed.current = true;
          setText(event.target.value);
        }}
      />
    </div>
  );
}

/** A filter of the address parameter `param` by a short list of options. */
type OptionsFilter<V extends string = string> = {
  list: ListParams;
  param: string;
  label: string;
  options: { value: V; label: string }[];
};

/** Several values of one filter (`status=pending,dispatched`), as checkboxes in a popover. */
export function MultiSelectFilter<V extends string>({ list, param, label, options }: OptionsFilter<V>) {
  const selected = list.getList(param);
  const toggle = (value: string, on: boolean) => {
    const next = on ? [...selected, value] : selected.filter((v) => v !== value);
    // Keep the options' order in the address, so one view has one URL.
    list.set({
      [param]: options
        .filter((o) => next.includes(o.value))
        .map((o) => o.value)
        .join(","),
    });
  };
  const summary =
    selected.length === 0
      ? "All"
      : selected.length === 1
        ? (options.find((o) => o.value === selected[0])?.label ?? selected[0])
        : `${selected.length} selected`;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" className="justify-between" aria-label={`${label}: ${summary}`}>
          <span className="text-muted-foreground">{label}:</span> {summary}
          <ChevronDown className="opacity-60" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-56 p-2">
        <fieldset className="grid gap-1">
          <legend className="sr-only">{label}</legend>
          {options.map((o) => (
            <CheckboxRow
              key={o.value}
              label={o.label}
              checked={selected.includes(o.value)}
              onChange={(on) => toggle(o.value, on)}
            />
          ))}
        </fieldset>
        {selected.length ? (
          <Button variant="ghost" size="sm" className="mt-1 w-full" onClick={() => list.set({ [param]: "" })}>
            Show all
          </Button>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}

function CheckboxRow({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 rounded px-2 py-1.5 hover:bg-accent">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} />
      <Label htmlFor={id} className="flex-1 cursor-pointer font-normal">
        {label}
      </Label>
    </div>
  );
}

/** One value of a filter from a short list ("All" clears it), e.g. active / inactive. */
export function SelectFilter({ list, param, label, options }: OptionsFilter) {
  return (
    <FilterField label={label}>
      {(id) => (
        <Select
          value={list.get(param) ?? "all"}
          onValueChange={(v) => list.set({ [param]: v === "all" ? "" : v })}
        >
          <SelectTrigger id={id} className="w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All</SelectItem>
            {options.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FilterField>
  );
}

/** A from / to pair of dates (`<prefix>From`, `<prefix>To`, inclusive), e.g. pickupFrom / pickupTo. */
export function DateRangeFilter({
  list,
  prefix,
  label,
}: {
  list: ListParams;
  prefix: string;
  label: string;
}) {
  const from = list.get(`${prefix}From`) ?? "";
  const to = list.get(`${prefix}To`) ?? "";
  const dateInput = (end: "From" | "To", bounds: { min?: string; max?: string }) => (id: string) => (
    <Input
      id={id}
      type="date"
      // No form state restored by the browser on reload: the address is the state.
      autoComplete="off"
      className="w-40"
      value={end === "From" ? from : to}
      {...bounds}
      onChange={(e) => list.set({ [`${prefix}${end}`]: e.target.value })}
    />
  );
  return (
    <fieldset className="flex items-end gap-1">
      <legend className="sr-only">{label}</legend>
      <FilterField label={`${label} from`}>{dateInput("From", { max: to || undefined })}</FilterField>
      <FilterField label="to">{dateInput("To", { min: from || undefined })}</FilterField>
    </fieldset>
  );
}

/** A filter's small label above its control; the control gets the id that ties the two. */
export function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children(id)}
    </div>
  );
}

/** Clears every filter and the search (shown while any is set). */
export function ClearFilters({ list }: { list: ListParams }) {
  if (!list.filtered) return null;
  return (
    <Button variant="ghost" onClick={list.clear}>
      <X />
      Clear filters
    </Button>
  );
}
