import { Toaster } from "sonner";
import { useTheme } from "@/lib/theme";

/** Toasts follow the light / dark theme like the rest of the page. Loaded apart from the entry (providers.tsx). */
export default function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} richColors closeButton position="top-right" />;
}
