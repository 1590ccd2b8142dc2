import { Button } from "@/components/ui/button";
import { JoinOrOpenLink } from "./join-or-open-link";

export function CtaSection() {
  return (
    <section id="waitlist" aria-label="Call to action" className="py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-2xl bg-zinc-950 px-6 py-12 text-center text-white shadow-xl sm:px-12 md:py-16 dark:bg-zinc-900 dark:ring-1 dark:ring-white/10">
          <div
            aria-hidden
            className="absolute inset-x-0 top-0 h-2 bg-[repeating-linear-gradient(135deg,#fbbf24_0_16px,#09090b_16px_32px)]"
          />
          <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Get your office ready for launch day
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-zinc-300">
            Join the waitlist and we'll set up your company account as soon as PEVO Back Office opens this
            summer.
          </p>
          <Button asChild size="lg" className="mt-8 h-11 px-6 text-base">
            <JoinOrOpenLink />
          </Button>
        </div>
      </div>
    </section>
  );
}
