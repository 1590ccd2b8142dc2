export * from "./auth";
export * from "./business";
export * from "./companies";
export * from "./dispatch-events";
export * from "./documents";
export * from "./enums";
export * from "./jobs";
export * from "./rate-limits";
