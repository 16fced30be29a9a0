/** Lighthouse budgets for the mobile preset (issue #5); desktop figures are reported only. */
export const MOBILE_BUDGETS = {
  score: (v: number) => v >= 0.95,
  lcpMs: (v: number) => v <= 1800,
  tbtMs: (v: number) => v <= 150,
  cls: (v: number) => v <= 0.02,
};

export const MOBILE_BUDGET_TEXT = { score: '≥ 0.95', lcpMs: '≤ 1800', tbtMs: '≤ 150', cls: '≤ 0.02' };

/** Click to next paint with the CPU 4× slower. */
export const INTERACTION_BUDGET_MS = 100;
