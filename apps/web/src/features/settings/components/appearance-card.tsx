import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useMySettings, useSaveSetting } from "@/lib/my-settings";
import { toast } from "@/lib/toast";

/** Light or dark, saved for this user. */
export function AppearanceCard() {
  const { data } = useMySettings();
  const save = useSaveSetting();
  const dark = data?.settings.darkMode ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>Choose a light or dark theme. It follows you on every device.</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center justify-between gap-4">
        <Label htmlFor="dark-mode">Dark mode</Label>
        <Switch
          id="dark-mode"
          checked={dark}
          disabled={!data}
          onCheckedChange={(value) =>
            save.mutate(
              { key: "darkMode", value },
              { onError: (error) => toast.error(error.message || "Failed to save the setting") },
            )
          }
        />
      </CardContent>
    </Card>
  );
}
