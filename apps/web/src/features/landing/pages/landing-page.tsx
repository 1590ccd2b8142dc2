import { useEffect } from "react";
import { ComingSoonBanner } from "../components/coming-soon-banner";
import { CtaSection } from "../components/cta-section";
import { FaqSection } from "../components/faq-section";
import { FeaturesSection } from "../components/features-section";
import { Hero } from "../components/hero";
import { LandingFooter } from "../components/landing-footer";
import { LandingHeader } from "../components/landing-header";
import { ScreenshotCarousel } from "../components/screenshot-carousel";

/** The public landing page (SPEC §2 'Public'). */
export default function LandingPage() {
  useEffect(() => {
    document.title = "PEVO Back Office — the back office for escort vehicle companies";
    return () => {
      document.title = "PEVO Back Office";
    };
  }, []);

  return (
    <div className="flex min-h-svh flex-col bg-background text-foreground">
      <ComingSoonBanner />
      <LandingHeader />
      <main className="flex-1">
        <Hero />
        <FeaturesSection />
        <ScreenshotCarousel />
        <CtaSection />
        <FaqSection />
      </main>
      <LandingFooter />
    </div>
  );
}
