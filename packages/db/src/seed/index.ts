export * from "./demo";
export * from "./factories";
