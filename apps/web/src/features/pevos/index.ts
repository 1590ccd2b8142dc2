// What other features use of PEVOs: the PEVO pickers' search and read (with the job's checks).
export { pevoPickerSource } from "./picker-source";
