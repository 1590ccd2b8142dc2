import { createLogger, type LogLevel } from "../src/lib/log";

/** A logged line as pino wrote it (level 30 info, 40 warn, 50 error). */
// biome-ignore lint/suspicious/noExplicitAny: log lines carry whatever fields their callers bound
export type LogLine = Record<string, any>;

/**
 * A logger whose lines are kept in `lines` (parsed) instead of written out: tests read what was
 * logged, and the test output stays quiet.
 */
export function captureLogs(level: LogLevel = "info") {
  const lines: LogLine[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}
