/**
 * The server's log: pino JSON lines on stdout, one object per line, for a log collector to read.
 *
 * `log()` answers the logger of the work in progress: a request's, bound to its request id
 * (http/request-log.ts), or a durable job's, bound to the job's id (lib/jobs.ts). AsyncLocalStorage
 * carries it through every await, so any code logs with the id without passing a logger around;
 * outside both, the process's logger (main.ts sets it from LOG_LEVEL).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from "pino";

export type LogLevel = LevelWithSilent;

type Work = { logger: Logger; requestId?: string };

const current = new AsyncLocalStorage<Work>();
let processLogger: Logger = createLogger("info");

/** A logger writing JSON lines to `destination` (default: stdout). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino({ level }, destination);
}

/** Makes `logger` the process's logger (main.ts; a test harness that keeps the lines to itself). */
export function setLogger(logger: Logger) {
  processLogger = logger;
}

/** The logger of the request or job being handled, else the process's. */
export function log(): Logger {
  return current.getStore()?.logger ?? processLogger;
}

/** The id of the request being handled, if any (the 500 message quotes it: http/errors.ts). */
export function currentRequestId(): string | undefined {
  return current.getStore()?.requestId;
}

/** Runs `fn` with every log line of it (and of everything it awaits) carrying `reqId`. */
export function withRequestLog<T>(requestId: string, fn: () => T): T {
  return current.run({ logger: processLogger.child({ reqId: requestId }), requestId }, fn);
}

/** Runs `fn` with every log line of it carrying the durable job's id and kind. */
export function withJobLog<T>(job: { id: string; kind: string }, fn: () => T): T {
  return current.run({ logger: processLogger.child({ jobId: job.id, jobKind: job.kind }) }, fn);
}
