export * from "./auth";
export * from "./business";
export * from "./companies";
export * from "./credentials";
export * from "./documents";
export * from "./enums";
export * from "./jobs";
export * from "./rate-limits";
