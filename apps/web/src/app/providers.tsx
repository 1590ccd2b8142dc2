import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from "react";
import { queryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme";
import { onToasterWanted, toasterWanted } from "@/lib/toast";

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
