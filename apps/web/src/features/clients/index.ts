// What other features use of clients: the client pickers' search and read.
export { clientPickerSource } from "./picker-source";
