export * from "./auth";
export * from "./business";
export * from "./companies";
export * from "./rate-limits";
