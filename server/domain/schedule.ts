const UNIT_BY_SCHEDULE: Record<string, string> = {
  WEEK: 'week',
  MNTH: 'month',
  QTRL: 'quarter',
  SEMI: 'six month',
  YRLY: 'year',
  DAYS: 'day',
  TRIAL: 'day',
};

/** "month", "3 month", "year": the unit, with a count prefix when the duration is more than one. */
export function scheduleLabel(scheduleTypeCd: string, duration: number): string {
  const unit = UNIT_BY_SCHEDULE[scheduleTypeCd] ?? 'month';
  return duration > 1 ? `${duration} ${unit}` : unit;
}

const DAYS_PER_UNIT: Record<string, number> = { WEEK: 7, MNTH: 30, QTRL: 90, SEMI: 182, YRLY: 365, DAYS: 1, TRIAL: 1 };

/** How many days one billing period of this schedule covers (a month is 28 to 31; 30 is used). */
export function expectedDays(scheduleTypeCd: string, duration: number): number {
  if (scheduleTypeCd === 'MNTH' && duration === 3) return 90;
  if (scheduleTypeCd === 'MNTH' && duration === 12) return 365;
  return (DAYS_PER_UNIT[scheduleTypeCd] ?? 30) * duration;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}
