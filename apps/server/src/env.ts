import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true" || v === "1"));

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  APP_URL: z.string().url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("PEVO Back Office <no-reply@localhost>"),
  DEMO_ENABLED: flag,
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag,
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  TIN_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, "base64").length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(v), {
      message: "must be 32 bytes in base64 (openssl rand -base64 32)",
    })
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = {
  production: boolean;
  port: number;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
  appUrl: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoEnabled: boolean;
  /** Sign-in, sign-up and reset requests per minute from one address (and sign-ins per account). */
  authRateLimit: number;
  /**
   * Reverse proxies in front of the app whose X-Forwarded-For entries are believed: 0 = the socket's
   * address (X-Forwarded-For ignored); N = the Nth address from the right of X-Forwarded-For.
   * Optional for configurations built in code (tests): absent = 0.
   */
  trustProxy?: number;
  /** Rate limit counters in Redis when set; otherwise in the database. */
  redisUrl?: string;
  /**
   * Where uploaded documents are stored: a folder (DATA_DIR/files by default), or an S3-compatible
   * bucket when S3_BUCKET is set. Optional for configurations built in code (tests pass a storage).
   */
  storage?: StorageConfig;
  /** Milliseconds between the live event stream's heartbeats and session checks (absent = 25 000). */
  liveHeartbeatMs?: number;
  /**
   * The AES-256-GCM key of the PEVOs' TINs at rest (domain/tax-profiles/tin-cipher.ts): 32 bytes.
   * `derived`: no TIN_ENCRYPTION_KEY was set and the key was derived from the auth secret (development
   * and tests only; main.ts warns). Optional for configurations built in code: absent = derived.
   */
  tinKey?: { key: Buffer; derived: boolean };
  /** The least severe log lines written (lib/log.ts); absent = info. */
  logLevel?: z.infer<typeof ZEnv>["LOG_LEVEL"];
};

export type StorageConfig =
  | { kind: "disk"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      /** An S3-compatible service's address (MinIO, R2, ...); unset means AWS. */
      endpoint?: string;
      /** Both or neither; neither means the AWS SDK's default credential chain. */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** Bucket in the path (most S3-compatible services) instead of the host name. */
      forcePathStyle: boolean;
    };

const DEV_SECRET = "development-only-secret-change-me-in-production-0123456789";

/**
 * The development TIN key: derived from the auth secret, so that a development database keeps
 * reading its TINs across restarts. Never used in production (readConfig refuses to start without
 * TIN_ENCRYPTION_KEY there).
 */
export const derivedTinKey = (authSecret: string) => ({
  key: createHash("sha256").update(`pevo-tin-key:${authSecret}`).digest(),
  derived: true,
});

/** The only place that reads process.env. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && !e.BETTER_AUTH_SECRET) {
    throw new Error("BETTER_AUTH_SECRET (32+ characters) is required in production.");
  }
  if (production && !e.APP_URL) throw new Error("APP_URL is required in production.");
  if (production && !e.TIN_ENCRYPTION_KEY) {
    throw new Error(
      "TIN_ENCRYPTION_KEY (32 bytes in base64: openssl rand -base64 32) is required in production.",
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.");
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new Error("S3_BUCKET is required when S3_ENDPOINT or S3 credentials are set.");
  }
  return {
    production,
    port: e.PORT,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "pglite", dataDir: resolve(e.DATA_DIR) },
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    authSecret: e.BETTER_AUTH_SECRET ?? DEV_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoEnabled: e.DEMO_ENABLED ?? !production,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    tinKey: e.TIN_ENCRYPTION_KEY
      ? { key: Buffer.from(e.TIN_ENCRYPTION_KEY, "base64"), derived: false }
      : derivedTinKey(e.BETTER_AUTH_SECRET ?? DEV_SECRET),
    storage: e.S3_BUCKET
      ? {
          kind: "s3",
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : { kind: "disk", dir: resolve(e.DATA_DIR, "files") },
  };
}
