import { Check, ChevronDown, Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";

export type ComboboxOption = { value: string; label: string };

/** What a picker's search hook answers for the typed term (asked on the server, a few rows). */
export type ComboboxSearch = {
  options: ComboboxOption[];
  isPending: boolean;
  isError: boolean;
};

type Props = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The text of the chosen value (it may not be among the current search's options). */
  selectedLabel: string | undefined;
  placeholder: string;
  /** The search box's label and placeholder, e.g. "Search by job number". */
  searchLabel: string;
  /** Offer an empty choice with this label. */
  noneLabel?: string;
  /** Called with the debounced term while the list is open (a react-query hook). */
  useSearch: (term: string, enabled: boolean) => ComboboxSearch;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
};

/**
 * A picker that searches on the server as you type (a button showing the choice; its popover holds
 * a search box and the matching options). Keyboard: arrows move, Enter picks, Escape closes.
 */
export function SearchCombobox(props: Props) {
  const { id, value, onChange, selectedLabel, placeholder, noneLabel, useSearch } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const term = useDebouncedValue(text.trim(), 200);
  const search = useSearch(term, open);
  const listId = useId();
  const options: ComboboxOption[] = [
    ...(noneLabel && !term ? [{ value: "", label: noneLabel }] : []),
    ...search.options,
  ];
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  // A new result list starts at its first option.
  const optionKey = options.map((o) => o.value).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the options change
  useEffect(() => setActive(0), [optionKey]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const pick = (option: ComboboxOption) => {
    onChange(option.value);
    setOpen(false);
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = options[active];
      if (option) pick(option);
    }
  };
  const shown = value ? (selectedLabel ?? "") : (noneLabel ?? "");

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setText("");
      }}
    >
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          disabled={props.disabled}
          onBlur={props.onBlur}
          className="w-full min-w-0 justify-between px-3 font-normal"
        >
          <span className={cn("min-w-0 truncate", !shown && "text-muted-foreground")}>
            {shown || placeholder}
          </span>
          <ChevronDown className="opacity-50" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        className="w-(--radix-popover-trigger-width) min-w-72 max-w-[calc(100vw-2rem)] p-0"
      >
        <div className="relative border-b">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            aria-label={props.searchLabel}
            placeholder={props.searchLabel}
            className="rounded-none border-0 pl-9 shadow-none focus-visible:ring-0"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            role="searchbox"
            aria-controls={listId}
            aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
          />
        </div>
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={props.searchLabel}
          className="max-h-64 overflow-y-auto p-1"
        >
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the search box's arrow keys and Enter drive the list
            <div
              key={option.value || "none"}
              id={`${listId}-${index}`}
              data-index={index}
              role="option"
              tabIndex={-1}
              aria-selected={option.value === value}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm",
                index === active && "bg-accent text-accent-foreground",
              )}
              onMouseMove={() => setActive(index)}
              onClick={() => pick(option)}
            >
              <Check className={cn("size-4 shrink-0", option.value !== value && "invisible")} aria-hidden />
              <span className="min-w-0 [overflow-wrap:anywhere]">{option.label}</span>
            </div>
          ))}
        </div>
        <p className="border-t px-3 py-2 text-xs text-muted-foreground" aria-live="polite">
          {search.isPending ? (
            <span className="inline-flex items-center gap-1.5">
              <Spinner className="size-3" />
              Searching...
            </span>
          ) : search.isError ? (
            "Could not search: try again"
          ) : search.options.length === 0 ? (
            term ? (
              `Nothing matches "${term}"`
            ) : (
              "Nothing to choose yet"
            )
          ) : (
            "Type to search"
          )}
        </p>
      </PopoverContent>
    </Popover>
  );
}

/** A {@link SearchCombobox} bound to a react-hook-form field, labelled like the other form fields. */
export function SearchComboboxField<T extends FieldValues, R extends FieldValues = T>({
  control,
  name,
  id,
  label,
  hint,
  className,
  onValueChange,
  ...combobox
}: Omit<Props, "value" | "onChange" | "onBlur" | "invalid" | "describedBy"> & {
  control: Control<T, unknown, R>;
  name: FieldPath<T>;
  label: React.ReactNode;
  hint?: React.ReactNode;
  className?: string;
  onValueChange?: (value: string) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const a11y = controlProps(id, error);
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint} className={cn("min-w-0", className)}>
      <SearchCombobox
        {...combobox}
        id={id}
        value={(field.value as string | null | undefined) ?? ""}
        onChange={(next) => {
          field.onChange(next);
          onValueChange?.(next);
        }}
        onBlur={field.onBlur}
        invalid={a11y["aria-invalid"]}
        describedBy={a11y["aria-describedby"]}
        disabled={field.disabled || combobox.disabled}
      />
    </Field>
  );
}
