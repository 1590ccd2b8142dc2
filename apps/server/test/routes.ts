/** "POST /api/x" → ["POST", "/api/x"]: a route as the route tables and the auth whitelist name it. */
export function splitRoute(route: string): [string, string] {
  const [method, path] = route.split(" ");
  if (!method || !path) throw new Error(`Not "METHOD /path": ${route}`);
  return [method, path];
}
