import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { retryFailedQuery } from "@/lib/errors";
import { useLiveEvents } from "@/lib/live-events";
import { ThemeProvider, useTheme } from "@/lib/theme";

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: retryFailedQuery } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <LiveEvents />
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** Toasts follow the light / dark theme like the rest of the page. */
function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} richColors closeButton position="top-right" />;
}

/** The tab's live event stream while signed in (lib/live-events.ts). */
function LiveEvents() {
  useLiveEvents();
  return null;
}
