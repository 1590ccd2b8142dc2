import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useOnboarding, useRemoveLogo, useUploadLogo } from "@/lib/company-onboarding";
import { toast } from "@/lib/toast";

/** The company logo: printed at the top of every PDF and email a client receives. */
export function LogoUpload() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const onboarding = useOnboarding();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const logoUrl = onboarding.data?.logoUrl;
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Logo
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        PNG, JPEG or SVG, up to 1 MB and 4000 pixels a side. Printed on your invoices, credit notes,
        statements and rate confirmations, and shown in the emails your clients receive. An SVG is turned into
        a PNG: it may not hold scripts, filters or links to other files.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt="Your company logo"
            className="h-14 max-w-48 rounded border bg-white object-contain p-1"
          />
        ) : (
          <span className="text-sm text-muted-foreground">No logo yet</span>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/svg+xml,.svg"
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (!file) return;
            upload.mutate(file, {
              onSuccess: () => toast.success("Logo saved"),
              onError: (error) => toast.error(error.message || "The logo could not be saved"),
            });
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
        >
          {upload.isPending ? <Spinner /> : null}
          {logoUrl ? "Replace logo" : "Upload logo"}
        </Button>
        {logoUrl ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm("Remove the logo from your PDFs and emails?"))
                remove.mutate(undefined, { onSuccess: () => toast.success("Logo removed") });
            }}
          >
            Remove logo
          </Button>
        ) : null}
      </div>
      {upload.error ? (
        <p role="alert" className="text-sm text-destructive">
          {upload.error.message}
        </p>
      ) : null}
    </div>
  );
}
