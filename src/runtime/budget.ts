/**
 * The `timeBudgetMs` option: a bound on the time one validation may spend
 * matching patterns. The work limit bounds each match (a few milliseconds);
 * this bounds their sum, for arguments that carry many strings each just
 * under that limit.
 *
 * The deadline is module state rather than a parameter so that the hot path
 * (a check without a report) stays one argument lighter; validation is
 * synchronous, so one deadline per thread is all there is. Without a budget
 * it is Infinity and costs one comparison per match.
 */
let deadline = Infinity;

/** Thrown from a pattern check once the budget is spent; it aborts the validation like EngineLimit. */
export class BudgetSpent {
  constructor(readonly budgetMs: number) {}
}

let spent = new BudgetSpent(0);

/** Starts a validation's clock; null means no budget. */
export function startBudget(budgetMs: number | null): void {
  deadline = budgetMs === null ? Infinity : performance.now() + budgetMs;
  if (budgetMs !== null && spent.budgetMs !== budgetMs) spent = new BudgetSpent(budgetMs);
}

/** Called after each match: throws once the budget is spent. */
export function chargeBudget(): void {
  if (deadline !== Infinity && performance.now() > deadline) throw spent;
}
