import { useEffect } from "react";

/** The public pages opened by a link: not indexed, with their own title, while they are on screen. */
export function useNoIndex(title: string) {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex";
    document.head.appendChild(meta);
    const before = document.title;
    document.title = title;
    return () => {
      meta.remove();
      document.title = before;
    };
  }, [title]);
}
