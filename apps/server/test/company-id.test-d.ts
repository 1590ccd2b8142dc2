/**
 * Type test (checked by `tsc -p apps/server`, never run): a service cannot be called with a plain
 * string as the company. Each `@ts-expect-error` line must fail to compile, or tsc reports the
 * directive as unused.
 */
import type { Database } from "@pevo/db";
import { clients } from "@pevo/db";
import { recordActivity } from "../src/domain/activity";
import { getClient, listClients } from "../src/domain/clients";
import { listDispatches } from "../src/domain/dispatches";
import type { Actor } from "../src/http/context";
import { type CompanyId, type Scope, scoped } from "../src/lib/tenant";
import { asCompanyId } from "./company-id";

export function typeChecks(db: Database, fromRequest: string) {
  // @ts-expect-error a plain string is not a CompanyId
  const plain: CompanyId = fromRequest;

  // @ts-expect-error a Scope cannot be built from a plain string
  const badScope: Scope = { db, companyId: fromRequest, userId: "u" };

  // @ts-expect-error services refuse a plain string company
  listClients({ db, companyId: fromRequest, userId: "u" });
  // @ts-expect-error services refuse a plain string company
  getClient({ db, companyId: "00000000-0000-0000-0000-000000000000", userId: "u" }, "id");
  // @ts-expect-error services refuse a plain string company
  listDispatches({ db, companyId: fromRequest, userId: "u" });
  // @ts-expect-error the query helper refuses it too
  scoped(clients, { companyId: fromRequest });
  // @ts-expect-error and so does the activity log
  recordActivity(db, { companyId: fromRequest }, { actorId: null, type: "client_added", message: "x" });
  // @ts-expect-error the request's actor carries a CompanyId, not a string
  const actor: Actor = { userId: "u", email: "e", companyId: fromRequest, role: "admin" };

  // The tests make one with asCompanyId (test/company-id.ts); it is still a string.
  const scope: Scope = { db, companyId: asCompanyId(fromRequest), userId: "u" };
  const asText: string = scope.companyId;
  return [
    plain,
    badScope,
    actor,
    asText,
    listClients(scope, { page: 1, pageSize: 25, sort: "name", dir: "asc" }),
    scoped(clients, scope),
  ];
}
