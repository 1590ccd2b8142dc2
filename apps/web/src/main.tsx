import "./lib/zod-without-eval";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { createAppRouter } from "./app/router";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
// The libraries' set-up ran as these modules loaded; the router's (matching the address, starting the
// screen's code) and React's run in a task of their own, so a phone's CPU is not held for both at
// once: one long task fewer on the first load (docs/performance.md, "late night").
setTimeout(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createAppRouter()} />
      </Providers>
    </StrictMode>,
  );
}, 0);
