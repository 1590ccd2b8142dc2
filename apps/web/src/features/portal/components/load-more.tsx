import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { CursorList } from "../api";
import { tapTarget } from "../lib";

/**
 * Under a keyset list: "Load more" while there is a next page, a spinner while it loads, a retry
 * when it failed, and "That's all" once every row is on screen.
 */
export function LoadMore({ list, noun }: { list: CursorList<unknown>; noun: string }) {
  const count = list.items?.length ?? 0;
  return (
    <div className="mt-4 grid justify-items-center gap-2 text-sm">
      {list.loadMoreFailed ? (
        <p role="alert" className="text-destructive">
          Could not load more {noun}.
        </p>
      ) : null}
      {list.hasMore ? (
        <Button
          variant="outline"
          className={cn("w-full sm:w-auto", tapTarget)}
          onClick={list.loadMore}
          disabled={list.isLoadingMore}
        >
          {list.isLoadingMore ? <Spinner /> : null}
          {list.isLoadingMore ? "Loading..." : list.loadMoreFailed ? "Try again" : "Load more"}
        </Button>
      ) : (
        <p className="text-muted-foreground" aria-live="polite">
          {count === 1 ? `That's the only one` : `That's all ${formatNumber(count)} ${noun}`}
        </p>
      )}
    </div>
  );
}
