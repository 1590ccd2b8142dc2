import { Building2, FileSignature, type LucideIcon, Receipt, Route, Smartphone, Users } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const features: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: "Client management",
    description:
      "Every carrier and broker with contacts, MC and DOT numbers and address, one click from a new job.",
    icon: Building2,
  },
  {
    title: "PEVO roster",
    description:
      "Track each operator's licence, state certifications and insurance, checked against the route before you assign them.",
    icon: Users,
  },
  {
    title: "Rate confirmations",
    description:
      "Build rate confirmations with standard and custom rates per position, and have clients sign online.",
    icon: FileSignature,
  },
  {
    title: "Dispatching",
    description: "Assign a PEVO and driver to every pickup and follow each job from pending to completed.",
    icon: Route,
  },
  {
    title: "Invoicing",
    description:
      "Turn a finished dispatch into an invoice with line items and totals, then print or download a PDF.",
    icon: Receipt,
  },
  {
    title: "PEVO portal",
    description: "Operators see their dispatches, log trips and keep their profile current from their phone.",
    icon: Smartphone,
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-label="Features" className="scroll-mt-20 py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wider text-amber-700 uppercase dark:text-amber-400">
            Features
          </p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Everything between the call and the check
          </h2>
          <p className="mt-4 text-muted-foreground">
            One system for the office and the road, built around how escort companies actually work.
          </p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardHeader className="gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300">
                    <feature.icon aria-hidden className="size-5" />
                  </span>
                  <CardTitle>
                    <h3 className="text-base">{feature.title}</h3>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <CardDescription className="leading-relaxed">{feature.description}</CardDescription>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
