/** What the global setup (database-template.ts) hands the test files through vitest's inject(). */
declare module "vitest" {
  export interface ProvidedContext {
    /** The dumped, migrated PGlite data folder (a tar file; "" when the tests run on PostgreSQL). */
    pgliteTemplate: string;
    /** The migrated template database's name on TEST_DATABASE_URL's server ("" without one). */
    postgresTemplate: string;
  }
}

export {};
