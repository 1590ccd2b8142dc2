import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from "react";
import { retryFailedQuery } from "@/lib/errors";
import { ThemeProvider } from "@/lib/theme";
import { onToasterWanted, toasterWanted } from "@/lib/toast";

const queryClient = new QueryClient({
  // offlineFirst: with no signal a query still asks once, so the service worker's cached answer
  // (ADR 0014) reaches the portal instead of the query pausing until the network returns.
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: retryFailedQuery, networkMode: "offlineFirst" },
  },
});

/** Its own chunk with the toast library, fetched when the first toast is shown (lib/toast.ts). */
const ThemedToaster = lazy(() => import("./toaster"));

function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <LazyToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
