// The company's clients (the customers rate confirmations and invoices are for).
export {
  addNumberedClients,
  CLIENT_NOT_FOUND,
  createClient,
  deleteClient,
  getClient,
  listClients,
  updateClient,
} from "./clients";
export { hasClients } from "./has-clients";
