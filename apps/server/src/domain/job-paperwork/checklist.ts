import { type Executor, safetyChecklists } from "@pevo/db";
import { DEFAULT_SAFETY_ITEMS, type TSafetyChecklist, type TSafetyChecklistResponse } from "@pevo/shared";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";

/** The company's safety meeting checklist: its own, or the defaults (DECISIONS 'Job paperwork'). */
export async function checklistOf(
  db: Executor,
  scope: { companyId: CompanyId },
): Promise<TSafetyChecklistResponse> {
  const [row] = await db
    .select({ items: safetyChecklists.items })
    .from(safetyChecklists)
    .where(scoped(safetyChecklists, scope));
  return row ? { items: row.items, custom: true } : { items: [...DEFAULT_SAFETY_ITEMS], custom: false };
}

export const getSafetyChecklist = (scope: Scope) => checklistOf(scope.db, scope);

/** Saves the company's checklist. Meetings already signed keep the list they were signed with. */
export async function saveSafetyChecklist(scope: Scope, input: TSafetyChecklist) {
  await scope.db
    .insert(safetyChecklists)
    .values({ companyId: scope.companyId, items: input.items, updatedBy: scope.userId })
    .onConflictDoUpdate({
      target: safetyChecklists.companyId,
      set: { items: input.items, updatedBy: scope.userId, updatedAt: new Date() },
    });
  return checklistOf(scope.db, scope);
}
