import { Construction } from "lucide-react";

/** The OVERSIZE LOAD style strip at the very top. */
export function ComingSoonBanner() {
  return (
    <section
      aria-label="Coming soon"
      className="border-b-2 border-zinc-900 bg-amber-400 text-zinc-950 dark:border-amber-300"
    >
      <p className="mx-auto flex max-w-6xl items-center justify-center gap-2 px-4 py-2 text-center text-xs font-extrabold tracking-[0.14em] uppercase sm:text-sm">
        <Construction aria-hidden className="hidden size-4 shrink-0 sm:block" />
        Coming soon — launching summer 2025
      </p>
    </section>
  );
}
