import { PageHeader } from "@/components/page-header";
import { BackButton } from "@/components/states";
import { PayPlanCard } from "../components/pay-plan-card";

/** /settlements/pay-plan: the company's default pay plan and its versions. */
export function DefaultPayPlanPage() {
  return (
    <div className="grid max-w-3xl gap-4">
      <div>
        <BackButton to="/settlements" label="Back to PEVO pay" />
      </div>
      <PageHeader
        title="Default pay plan"
        subtitle="A PEVO with a plan of their own (on their PEVO page) is paid by it instead."
      />
      <PayPlanCard pevoId={null} />
    </div>
  );
}
