/** Whether two types describe the same values (each assignable to the other). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Compile-time proof that a response schema and a shared TS type describe the same JSON:
 * `type _ = Assert<Same<z.output<typeof ZClientResponse>, TClient>>` fails to compile when either drifts.
 */
export type Assert<T extends true> = T;
