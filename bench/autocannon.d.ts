// The part of autocannon's API the benchmark uses (the package ships no types; no @types package
// is installed).
declare module "autocannon" {
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string> };
  type Result = {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  type Instance = PromiseLike<Result> & {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Instance;
  };
  export default function autocannon(options: Options): Instance;
}
