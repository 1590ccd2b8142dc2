/**
 * The phone's position for a record made on the road (a job step, the safety meeting, a stop),
 * only when the PEVO's Location Services setting is on; a refusal, a timeout or no GPS gives null
 * and the record is made without it (never an error). `accuracy` is the fix's radius in metres.
 */
export function currentPosition(
  allowed: boolean,
): Promise<{ lat: number; lng: number; accuracy: number } | null> {
  if (!allowed || typeof navigator === "undefined" || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy }),
      () => resolve(null),
      { enableHighAccuracy: false, timeout: 8000, maximumAge: 60_000 },
    ),
  );
}
