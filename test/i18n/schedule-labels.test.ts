import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/i18n';
import { CULTURES } from '../../src/i18n/cultures';
import { SCHEDULE_LABEL_KEYS, scheduleLabel } from '../../src/domain/money';

describe('schedule labels in every culture', () => {
  it.each(CULTURES)(
    '%s has a text for every schedule label key, with the count in it when counted',
    async (culture) => {
      const i18n = await createI18n(culture);
      for (const key of SCHEDULE_LABEL_KEYS) {
        const text = i18n.t(key, { count: 3 });
        expect(text, key).not.toBe(key);
        if (key.startsWith('schedule.counted.')) expect(text, key).toContain('3');
      }
    },
  );

  it.each([
    ['en-US', 'MNTH', 1, 'month'],
    ['en-US', 'MNTH', 3, '3 months'],
    ['en-US', 'YRLY', 1, 'year'],
    ['de-DE', 'QTRL', 1, 'Quartal'],
    ['de-DE', 'WEEK', 2, '2 Wochen'],
    ['fr-FR', 'DAYS', 14, '14 jours'],
    ['es-ES', 'SEMI', 1, 'semestre'],
  ])('%s: %s × %i reads "%s"', async (culture, code, duration, expected) => {
    const i18n = await createI18n(culture);
    const label = scheduleLabel(code, duration)!;
    expect(i18n.t(label.key, label.options)).toBe(expected);
  });
});
