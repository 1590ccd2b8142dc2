import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const slides = [
  {
    title: "Dashboard",
    description: "Active jobs, available PEVOs, pending signatures and the week ahead at a glance.",
  },
  {
    title: "Rate Confirmations",
    description:
      "Search every agreement by job number or route and see which ones are still awaiting signature.",
  },
  {
    title: "Dispatching",
    description: "Drivers, PEVOs, pickup dates and status for every job on one board.",
  },
  {
    title: "Invoices",
    description: "Line items, rates and totals produced from the dispatch, ready to print or download.",
  },
  {
    title: "PEVO Portal",
    description: "A phone-first portal where operators see their jobs, log trips and update their profile.",
  },
] as const;

/** A screenshot, or the illustrated fallback when the screenshot cannot be loaded. */
function SlideImage({ n, alt }: { n: number; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? `/landing/fallback-${n}.svg` : `/landing/slide-${n}.png`}
      alt={alt}
      width={1280}
      height={800}
      decoding="async"
      onError={() => setFailed(true)}
      className="block aspect-[16/10] w-full bg-muted object-cover"
    />
  );
}

export function ScreenshotCarousel() {
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const go = (next: number) => setIndex((next + count) % count);
  const current = slides[index];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(index + 1);
    }
  };

  return (
    <section
      id="screenshots"
      aria-label="Screenshots"
      aria-roledescription="carousel"
      className="scroll-mt-20 border-y bg-muted/40 py-16 md:py-24"
      onKeyDown={onKeyDown}
    >
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wider text-amber-700 uppercase dark:text-amber-400">
            A look inside
          </p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Built for the dispatch desk
          </h2>
        </div>

        <div className="relative mt-10">
          <div
            role="region"
            aria-label="Slide viewer, use the left and right arrow keys to change slide"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the slide viewport takes focus so the arrow keys turn slides.
            tabIndex={0}
            className="overflow-hidden rounded-xl border bg-background shadow-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <div
              className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
              style={{ transform: `translateX(-${index * 100}%)` }}
            >
              {slides.map((slide, i) => (
                <figure
                  key={slide.title}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${count}: ${slide.title}`}
                  aria-hidden={i !== index}
                  inert={i !== index}
                  className="w-full shrink-0"
                >
                  <SlideImage n={i + 1} alt={`${slide.title} screen`} />
                </figure>
              ))}
            </div>
          </div>

          <Button
            variant="outline"
            size="icon"
            aria-label="Previous slide"
            className="absolute top-1/2 left-2 hidden size-10 -translate-y-1/2 rounded-full bg-background/90 shadow-md sm:inline-flex md:-left-5"
            onClick={() => go(index - 1)}
          >
            <ChevronLeft className="size-5" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next slide"
            className="absolute top-1/2 right-2 hidden size-10 -translate-y-1/2 rounded-full bg-background/90 shadow-md sm:inline-flex md:-right-5"
            onClick={() => go(index + 1)}
          >
            <ChevronRight className="size-5" />
          </Button>
        </div>

        <div className="mt-6 flex items-center justify-between gap-4 sm:justify-center">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous slide"
            className="size-10 rounded-full sm:hidden"
            onClick={() => go(index - 1)}
          >
            <ChevronLeft className="size-5" />
          </Button>
          <div className="flex items-center gap-1" role="group" aria-label="Choose a slide">
            {slides.map((slide, i) => (
              <button
                key={slide.title}
                type="button"
                aria-label={`Go to slide ${i + 1}: ${slide.title}`}
                aria-current={i === index ? "true" : undefined}
                onClick={() => go(i)}
                className="group flex size-6 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span
                  className={cn(
                    "block h-2 rounded-full transition-all",
                    i === index
                      ? "w-6 bg-amber-500"
                      : "w-2 bg-zinc-300 group-hover:bg-zinc-400 dark:bg-zinc-600",
                  )}
                />
              </button>
            ))}
          </div>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next slide"
            className="size-10 rounded-full sm:hidden"
            onClick={() => go(index + 1)}
          >
            <ChevronRight className="size-5" />
          </Button>
        </div>

        <div aria-live="polite" className="mx-auto mt-4 max-w-xl text-center">
          <p className="font-semibold">{current.title}</p>
          <p className="mt-1 text-sm text-muted-foreground">{current.description}</p>
        </div>
      </div>
    </section>
  );
}
