import { QueryClient } from "@tanstack/react-query";
import { retryFailedQuery } from "@/lib/errors";

/** The app's one query cache: the providers hand it to the screens, route loaders fill it (lib/first-screen.ts). */
export const queryClient = new QueryClient({
  // offlineFirst: with no signal a query still asks once, so the service worker's cached answer
  // (ADR 0014) reaches the portal instead of the query pausing until the network returns.
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: retryFailedQuery, networkMode: "offlineFirst" },
  },
});
