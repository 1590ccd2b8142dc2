import { Check, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/**
 * A PEVO's answer to a job offer, in the portal and on the emailed link's page: Accept (a spinner
 * while it is sent) and Decline (which opens the reason).
 */
export function AcceptDeclineButtons({
  className,
  accepting,
  onAccept,
  onDecline,
}: {
  className: string;
  accepting: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  return (
    <>
      <Button className={className} disabled={accepting} onClick={onAccept}>
        {accepting ? <Spinner /> : <Check aria-hidden />}
        Accept job
      </Button>
      <Button variant="outline" className={className} onClick={onDecline}>
        <X aria-hidden />
        Decline
      </Button>
    </>
  );
}
