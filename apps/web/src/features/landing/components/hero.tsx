import { ArrowDown, MapPin } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { JoinOrOpenLink } from "./join-or-open-link";

const jobs = [
  {
    job: "RC-20250612-001",
    route: "Houston, TX → Tulsa, OK",
    pevo: "J. Alvarez · Lead Car",
    status: "Dispatched",
  },
  {
    job: "RC-20250613-002",
    route: "Amarillo, TX → Denver, CO",
    pevo: "D. Brooks · High Pole",
    status: "Pending",
  },
  {
    job: "RC-20250614-001",
    route: "Mobile, AL → Atlanta, GA",
    pevo: "T. Whitfield · Chase Car",
    status: "Dispatched",
  },
] as const;

export function Hero() {
  const learnMore = () =>
    document.getElementById("features")?.scrollIntoView({ behavior: "smooth", block: "start" });
  return (
    <section
      id="hero"
      aria-label="Hero"
      className="relative overflow-hidden border-b bg-gradient-to-b from-amber-50 to-background dark:from-amber-500/10"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground">
            <span aria-hidden className="size-1.5 rounded-full bg-amber-500" />
            For pilot car and escort vehicle companies
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Run your escort-vehicle operation from one back office.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">
            Clients, PEVOs, rate confirmations, dispatches and invoices in one place — so every oversize load
            leaves with the right escorts, the right paperwork and an invoice that goes out the same day.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="h-11 px-6 text-base">
              <JoinOrOpenLink />
            </Button>
            <Button variant="outline" size="lg" className="h-11 px-6 text-base" onClick={learnMore}>
              Learn More
              <ArrowDown />
            </Button>
          </div>
        </div>

        <HeroArt />
      </div>
    </section>
  );
}

/** An OVERSIZE LOAD banner over a glimpse of the dispatch board. */
function HeroArt() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="relative z-10 mx-auto -mb-5 w-fit -rotate-2 rounded-sm border-4 border-zinc-950 bg-amber-400 px-5 py-2 shadow-lg sm:px-8 sm:py-3">
        <p className="text-xl font-black tracking-[0.18em] text-zinc-950 sm:text-3xl">OVERSIZE LOAD</p>
      </div>
      <div className="rounded-xl border bg-card p-4 pt-8 shadow-xl sm:p-5 sm:pt-9">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold">Upcoming Jobs</p>
          <p className="text-xs text-muted-foreground">Next 7 days</p>
        </div>
        <ul className="mt-3 grid gap-2.5">
          {jobs.map((job) => (
            <li key={job.job} className="rounded-lg border bg-background p-3">
              <div className="flex items-center justify-between gap-2">
                <span className="truncate text-sm font-semibold">{job.job}</span>
                <Badge variant={job.status === "Dispatched" ? "blue" : "yellow"}>{job.status}</Badge>
              </div>
              <p className="mt-1.5 flex items-center gap-1.5 text-sm text-muted-foreground">
                <MapPin className="size-3.5 shrink-0" />
                <span className="truncate">{job.route}</span>
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">{job.pevo}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
