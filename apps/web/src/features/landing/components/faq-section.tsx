import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";

const faqs = [
  {
    question: "What is PEVO Back Office?",
    answer:
      "A back-office web app for companies that supply pilot/escort vehicle operators (PEVOs) for oversize and heavy-haul loads. It covers clients, your PEVO roster, rate confirmations, dispatching and invoicing in one place.",
  },
  {
    question: "Who is it for?",
    answer:
      "Escort and pilot car companies of any size: the office staff who book jobs and send invoices, and the operators who drive them. Admins use the back office; each PEVO gets their own portal.",
  },
  {
    question: "When does it launch?",
    answer:
      "We are launching in summer 2025. Join the waitlist and we will email you as soon as your company account can be opened.",
  },
  {
    question: "Can my PEVOs use it on their phones?",
    answer:
      "Yes. The PEVO portal is built phone-first: operators see the dispatches assigned to them, record trips with miles and expenses, and keep their license and certification details up to date.",
  },
  {
    question: "Can clients sign rate confirmations online?",
    answer:
      "Not yet. Today you create rate confirmations, keep their rates and positions, and dispatch from them; sending them to clients for an online signature is planned but not built yet.",
  },
  {
    question: "Is my company's data kept separate and secure?",
    answer:
      "Every record belongs to your company and is only visible to your team. Sessions are kept on the server, passwords are stored with a memory-hard hash, and PEVOs only see the jobs assigned to them.",
  },
];

export function FaqSection() {
  return (
    <section id="faq" aria-label="FAQ" className="scroll-mt-20 border-t bg-muted/40 py-16 md:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wider text-amber-700 uppercase dark:text-amber-400">
            FAQ
          </p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Frequently asked questions
          </h2>
        </div>
        <Accordion type="single" collapsible className="mt-10 rounded-xl border bg-background px-5 sm:px-6">
          {faqs.map((faq, i) => (
            <AccordionItem key={faq.question} value={`faq-${i + 1}`}>
              <AccordionTrigger className="text-base">{faq.question}</AccordionTrigger>
              <AccordionContent className="leading-relaxed">{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
