/**
 * A toast whose library loads when it is first shown. For the code every signed-in screen loads
 * (the shells, the live event stream): the toast library stays out of the PEVO portal's first load
 * (docs/performance.md). Screens import `toast` from sonner directly.
 */
export function showToast(kind: "success" | "error" | "info", message: string) {
  void import("sonner").then(({ toast }) => toast[kind](message));
}
