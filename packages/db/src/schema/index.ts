export * from "./auth";
export * from "./business";
export * from "./companies";
export * from "./documents";
export * from "./enums";
export * from "./jobs";
export * from "./payments";
export * from "./rate-limits";
