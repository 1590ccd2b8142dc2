// The PEVOs' trip logs (miles, hours, expenses per trip), written from the portal and read by the
// office per dispatch and by the invoice's suggested lines.
export { tripLogExpensesOf } from "./expenses";
export {
  createTripLog,
  deleteTripLog,
  getPevoTripLog,
  listDispatchTripLogs,
  listPevoTripLogs,
  TRIP_NOT_FOUND,
  updateTripLog,
} from "./trip-logs";
