import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { retryFailedQuery } from "@/lib/errors";
import { ThemeProvider } from "@/lib/theme";

const queryClient = new QueryClient({
  // offlineFirst: with no signal a query still asks once, so the service worker's cached answer
  // (ADR 0014) reaches the portal instead of the query pausing until the network returns.
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: retryFailedQuery, networkMode: "offlineFirst" },
  },
});

/** Its own chunk, fetched beside the first screen: no screen waits for the toast library. */
const ThemedToaster = lazy(() => import("./toaster"));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <Suspense fallback={null}>
          <ThemedToaster />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
