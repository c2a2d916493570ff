/**
 * Issue 7's goal figures: one row per figure, with the goal and whether it is met. Printed as one
 * table at the end of a run and written to the results file. The bench reports, it never fails.
 */
export type GoalRow = {
  /** The goal number ("1" … "7"), or "memory". */
  goal: string;
  figure: string;
  value: string;
  goalValue: string;
  /** null: not measured in this run, or no numeric goal. */
  met: boolean | null;
};

export const row = (goal: string, figure: string, value: string, goalValue: string, met: boolean | null): GoalRow => ({
  goal,
  figure,
  value,
  goalValue,
  met,
});

/** Goal 6 rows until a measurement (tests/bench/measurements.ts) provides them. */
export const LIGHTHOUSE_PLACEHOLDER: GoalRow[] = [
  row(
    '6',
    'Lighthouse mobile: /, /login, /plans on two stores (tests/bench/lighthouse.ts)',
    'not measured',
    'perf >= 95, LCP <= 1.5 s, TBT <= 100 ms, CLS <= 0.02, a11y 100',
    null,
  ),
];

export function printGoals(rows: GoalRow[], out: (s: string) => void): void {
  const lines = [['goal', 'figure', 'value', 'goal value', 'met?']];
  for (const r of rows) lines.push([r.goal, r.figure, r.value, r.goalValue, r.met === null ? '-' : r.met ? 'yes' : 'NO']);
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const [n, l] of lines.entries()) {
    out(`${l.map((c, i) => (i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}\n`);
    if (n === 0) out(`${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  }
}
