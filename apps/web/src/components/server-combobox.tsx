import { SEARCH_MAX } from "@pevo/shared";
import { keepPreviousData, type QueryClient, type QueryKey, useQuery } from "@tanstack/react-query";
import { Check, ChevronDown, Search } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";

/** How many matches a picker asks the server for at a time. */
export const PICKER_PAGE_SIZE = 20;

export type ServerComboboxProps<T> = {
  /** The trigger's id: the field's label points at it (`<Label htmlFor>`). */
  id: string;
  /** The chosen value (what `getValue` gives for an item), or empty for none. */
  value: string | null | undefined;
  onChange: (value: string | null, item: T | null) => void;
  /** The list's cache key; searches sit under it (`[...queryKey, q]`). */
  queryKey: QueryKey;
  /**
   * The first {@link PICKER_PAGE_SIZE} items matching `q` (empty: no search); `client` is the query
   * cache, for a search whose answer also feeds another query (the PEVO picker's checks).
   */
  search: (q: string, context: { client: QueryClient }) => Promise<{ items: T[]; total: number }>;
  getValue: (item: T) => string;
  getLabel: (item: T) => string;
  /** A second line under an option (an email, a phone). */
  getDetail?: (item: T) => string | null | undefined;
  /** The chosen value's label when the caller knows it (shown even when it is not among the results). */
  selectedLabel?: string | null;
  /** Reads the chosen item when its label is not known yet (a preselected id). */
  fetchSelected?: (value: string) => Promise<T>;
  /** The chosen value no longer exists (its read answered 404). */
  onSelectedMissing?: () => void;
  /** An option for "none" at the top (e.g. "Unassigned"). */
  noneLabel?: string;
  placeholder: string;
  /** The search box's accessible name and placeholder, e.g. "Search clients". */
  searchLabel: string;
  /** What is searched, plural: "clients" ("No clients match"). */
  noun: string;
  /** Shown when there is nothing at all (no search): e.g. a link to add the first one. */
  emptyHint?: ReactNode;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  onBlur?: () => void;
  ref?: React.Ref<HTMLButtonElement>;
  className?: string;
};

/**
 * Where a picker's items come from: the feature that owns them supplies it (components/ only
 * renders; the search and the read are the feature's calls).
 */
export type PickerSource<T> = Pick<ServerComboboxProps<T>, "queryKey" | "search" | "fetchSelected">;

/**
 * The props a concrete picker (clients, PEVOs, rate confirmations, dispatches) leaves to its caller:
 * it supplies the search, the labels and the wording itself.
 */
export type PickerProps<T> = Omit<
  ServerComboboxProps<T>,
  | "queryKey"
  | "search"
  | "getValue"
  | "getLabel"
  | "getDetail"
  | "fetchSelected"
  | "searchLabel"
  | "noun"
  | "placeholder"
> & { placeholder?: string };

/**
 * A picker that searches on the server as you type (debounced `q`, the first 20 matches): a button
 * showing the choice, which opens a popover with a search box and the matches. Keyboard: the arrows
 * move through the matches, Enter picks, Escape closes; typing on the closed button opens it with the
 * typed text. The choice's label stays on the button even when it is not among the current matches
 * (given by the caller or read once with `fetchSelected`).
 */
export function ServerCombobox<T>(props: ServerComboboxProps<T>) {
  const {
    id,
    value,
    onChange,
    queryKey,
    search,
    getValue,
    getLabel,
    getDetail,
    noneLabel,
    placeholder,
    searchLabel,
    noun,
  } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  // The highlighted option; a new search or opening starts at the first one.
  const [activeIndex, setActive] = useState(0);
  // The label of the item picked here, until the caller's value changes to something else.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const listRef = useRef<HTMLDivElement>(null);
  const q = useDebouncedValue(text.trim().slice(0, SEARCH_MAX), 250);

  const results = useQuery({
    queryKey: [...queryKey, "picker", q],
    queryFn: ({ client }) => search(q, { client }),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const known =
    (value && props.selectedLabel) ||
    (value && picked?.value === value ? picked.label : undefined) ||
    (value ? results.data?.items.find((item) => getValue(item) === value) : undefined);
  const knownLabel = typeof known === "string" ? known : known ? getLabel(known) : undefined;
  const selected = useQuery({
    queryKey: [...queryKey, "picker-selected", value],
    queryFn: () => (props.fetchSelected as (v: string) => Promise<T>)(value as string),
    enabled: Boolean(value && !knownLabel && props.fetchSelected),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    staleTime: 60_000,
  });
  const { onSelectedMissing } = props;
  const missing = selected.error instanceof ApiError && selected.error.status === 404;
  useEffect(() => {
    if (missing) onSelectedMissing?.();
  }, [missing, onSelectedMissing]);

  const label = value
    ? (knownLabel ?? (selected.data ? getLabel(selected.data) : selected.isPending ? "Loading..." : value))
    : undefined;

  // The options: "none" first when offered, then the matches.
  const items = results.data?.items ?? [];
  const options: { value: string | null; label: string; detail?: string | null; item: T | null }[] = [
    ...(noneLabel && !q ? [{ value: null, label: noneLabel, item: null }] : []),
    ...items.map((item) => ({
      value: getValue(item),
      label: getLabel(item),
      detail: getDetail?.(item),
      item,
    })),
  ];

  const active = Math.max(0, Math.min(activeIndex, options.length - 1));
  useEffect(() => {
    if (open) listRef.current?.querySelector(`[data-active]`)?.scrollIntoView({ block: "nearest" });
  });

  const choose = (option: (typeof options)[number]) => {
    if (option.value) setPicked({ value: option.value, label: option.label });
    onChange(option.value, option.item);
    setOpen(false);
  };

  const openWith = (next: boolean, initialText = "") => {
    setOpen(next);
    if (next) {
      setText(initialText);
      setActive(0);
    }
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Home" && options.length) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === "End" && options.length) {
      event.preventDefault();
      setActive(options.length - 1);
    } else if (event.key === "Enter") {
      // Never submit the form from the search box.
      event.preventDefault();
      const option = options[active];
      if (option && !results.isPlaceholderData) choose(option);
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openWith(true);
    } else if (
      event.key.length === 1 &&
      event.key !== " " &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      // Typing on the closed picker starts a search with that text.
      event.preventDefault();
      openWith(true, event.key);
    }
  };

  const searching = results.isFetching;
  const activeOption = open && options[active] ? optionId(active) : undefined;

  let status: ReactNode = null;
  if (results.isPending) {
    status = (
      <span className="inline-flex items-center gap-2">
        <Spinner className="size-3.5" /> Searching...
      </span>
    );
  } else if (results.isError) {
    status = (
      <span className="grid justify-items-center gap-2 text-destructive">
        Could not load {noun}.
        <Button type="button" variant="outline" size="sm" onClick={() => void results.refetch()}>
          Retry
        </Button>
      </span>
    );
  } else if (items.length === 0) {
    status = q ? `No ${noun} match "${q}".` : (props.emptyHint ?? `No ${noun} yet.`);
  }
  const total = results.data?.total ?? 0;

  return (
    <Popover open={open} onOpenChange={(next) => openWith(next)}>
      <PopoverTrigger asChild>
        <button
          type="button"
          ref={props.ref}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          aria-invalid={props["aria-invalid"]}
          aria-describedby={props["aria-describedby"]}
          disabled={props.disabled}
          onBlur={props.onBlur}
          onKeyDown={onTriggerKeyDown}
          data-placeholder={value || noneLabel ? undefined : ""}
          className={cn(
            "flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-left text-sm whitespace-nowrap shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-[placeholder]:text-muted-foreground dark:bg-input/30",
            props.className,
          )}
        >
          <span className="min-w-0 truncate">{label ?? (noneLabel || placeholder)}</span>
          <ChevronDown className="size-4 shrink-0 opacity-50" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        className="w-[var(--radix-popover-trigger-width)] min-w-[min(18rem,calc(100vw-2rem))] max-w-[calc(100vw-2rem)] p-0"
        onOpenAutoFocus={(event) => {
          // Focus the search box (not the first focusable element, which Radix would pick).
          event.preventDefault();
          (event.currentTarget as HTMLElement).querySelector("input")?.focus();
        }}
      >
        <div className="relative border-b">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            type="text"
            role="combobox"
            aria-label={props.searchLabel}
            aria-expanded
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeOption}
            placeholder={`${searchLabel}...`}
            maxLength={SEARCH_MAX}
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKeyDown}
            className="h-10 w-full bg-transparent pr-9 pl-9 text-base outline-none placeholder:text-muted-foreground sm:text-sm"
          />
          {searching && !results.isPending ? (
            <Spinner className="absolute top-1/2 right-3 size-3.5 -translate-y-1/2" />
          ) : null}
        </div>
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={searchLabel.replace(/^Search /, "")}
          aria-busy={searching || undefined}
          className={cn("max-h-64 overflow-y-auto p-1", results.isPlaceholderData && "opacity-60")}
        >
          {options.map((option, index) => {
            const isSelected = (option.value ?? "") === (value ?? "");
            return (
              // The search box keeps the focus (aria-activedescendant); a pointer picks with a click.
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users pick from the search box
              <div
                key={option.value ?? "__none__"}
                tabIndex={-1}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                // The name is the label alone (a detail line is a description).
                aria-label={option.label}
                aria-describedby={option.detail ? `${optionId(index)}-detail` : undefined}
                data-active={index === active || undefined}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(option)}
                className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground"
              >
                <Check
                  className={cn("size-4 shrink-0", isSelected ? "opacity-100" : "opacity-0")}
                  aria-hidden
                />
                <span className="grid min-w-0">
                  <span className="truncate">{option.label}</span>
                  {option.detail ? (
                    <span id={`${optionId(index)}-detail`} className="truncate text-xs text-muted-foreground">
                      {option.detail}
                    </span>
                  ) : null}
                </span>
              </div>
            );
          })}
        </div>
        {status ? (
          <div role="status" className="px-3 pt-1 pb-3 text-center text-sm text-muted-foreground">
            {status}
          </div>
        ) : total > items.length ? (
          <p className="border-t px-3 py-2 text-xs text-muted-foreground">
            Showing {items.length} of {formatNumber(total)}: type to narrow the list.
          </p>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
