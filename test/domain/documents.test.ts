import { describe, expect, it } from 'vitest';
import {
  AUTO_DOWNLOAD_DELAY_EXPERIMENT,
  autoDownloadDelayMs,
  inAutoDownloadDelayTest,
  builderEditPath,
  cutName,
  downloadFormat,
  fallbackDocumentId,
  isLongName,
  isPresentDocumentId,
  otherDocType,
  secondsLeft,
} from '../../src/domain/documents';
import { PROMO_WIDGET_TYPES, promoWidgetType, readPromoAdInfo, secondsSpent } from '../../src/domain/promo-ad';

const A = 'd0c10000-0000-4000-8001-000000000003';
const B = 'd0c20000-0000-4000-8002-000000000003';
const C = 'D0C30000-0000-4000-8003-000000000003';
const ZERO = '00000000-0000-0000-0000-000000000000';

describe('document id fallback (§5)', () => {
  it.each([
    [A, B, C, A, 'the query wins'],
    [undefined, B, C, B, 'no query: the fetched id'],
    [ZERO, B, C, B, 'the empty GUID counts as missing'],
    ['', B, C, B, 'an empty text counts as missing'],
    ['not-a-guid', B, C, B, 'a malformed id counts as missing'],
    [null, null, C, C.toLowerCase(), 'nothing of the type: the other type, lower-cased'],
    [null, ZERO, C, C.toLowerCase(), 'a fetched empty GUID counts as missing'],
    [null, null, null, null, 'no document at all'],
    [ZERO, ZERO, ZERO, null, 'only empty GUIDs'],
  ] as const)('%s / %s / %s → %s (%s)', (query, fetched, other, expected, _why) => {
    expect(fallbackDocumentId(query, fetched, other)).toBe(expected);
  });

  it('names a present id and swaps the type', () => {
    expect(isPresentDocumentId(` ${A} `)).toBe(true);
    expect(isPresentDocumentId(ZERO)).toBe(false);
    expect(otherDocType('RSME')).toBe('LETR');
    expect(otherDocType('LETR')).toBe('RSME');
  });
});

describe('download type (§5)', () => {
  it.each([
    [undefined, 'PDF'],
    [null, 'PDF'],
    ['', 'PDF'],
    ['pdf', 'PDF'],
    ['TXT', 'TXT'],
    ['txt,pdf', 'TXT'],
    ['PDF,TXT', 'PDF'],
    [' txt , docx', 'TXT'],
    ['DOCX', 'PDF'],
    ['docx,txt', 'PDF'],
    ['RTF', 'PDF'],
    ['HTML', 'PDF'],
  ] as const)('%s → %s', (requested, expected) => {
    expect(downloadFormat(requested)).toBe(expected);
  });
});

describe('long names (§5, §9: 25)', () => {
  it.each([
    ['Ava Martinez Resume', false, 'Ava Martinez Resume'],
    ['123456789012345678901234', false, '123456789012345678901234'],
    ['1234567890123456789012345', true, '1234567890123456789012345…'],
    ['Alexandria Montgomery-Smithson Resume', true, 'Alexandria Montgomery-Smi…'],
    ['Résumé de Zoë Françoise-Lefèbvre', true, 'Résumé de Zoë Françoise-L…'],
    ['  padded  ', false, 'padded'],
  ] as const)('%j long=%s → %j', (name, long, shown) => {
    expect(isLongName(name)).toBe(long);
    expect(cutName(name)).toBe(shown);
  });

  it('counts characters, not UTF-16 units', () => {
    const emoji = '😀'.repeat(24);
    expect(isLongName(emoji)).toBe(false);
    expect(cutName(`${emoji}😀😀`)).toBe(`${emoji}😀…`);
  });
});

describe('builder edit URLs (§2)', () => {
  it.each([
    ['RSME', false, `/build/resume?mode=edit&documentid=${A}`],
    ['RSME', true, `/build-resume/mobile?mode=edit&documentid=${A}`],
    ['LETR', false, `/build/letter?mode=edit&documentid=${A}`],
    ['LETR', true, `/build/letter?mode=edit&documentid=${A}`],
  ] as const)('%s mobile=%s → %s', (type, mobile, url) => {
    expect(builderEditPath(type, mobile, A)).toBe(url);
  });
});

describe('auto-download delay (§2 Upsell, §9)', () => {
  it.each([
    [false, true, false, 5000, 'desktop, test variation'],
    [false, true, true, 5000, 'desktop, test variation, instant allowed: still the test delay'],
    [false, false, false, 0, 'desktop, control'],
    [false, false, true, 0, 'desktop, control, instant'],
    [true, false, false, 3000, 'mobile, no instant download'],
    [true, true, false, 3000, 'mobile in the desktop test: the mobile rule'],
    [true, false, true, 0, 'mobile with instant download'],
    [true, true, true, 0, 'mobile with instant download, in the test'],
  ] as const)('mobile=%s test=%s instant=%s → %i ms (%s)', (mobile, inDelayTest, instantDownload, ms, _why) => {
    expect(autoDownloadDelayMs({ mobile, inDelayTest, instantDownload })).toBe(ms);
  });
});

describe('auto-download countdown', () => {
  it.each([
    [5000, 0, 5],
    [5000, 1, 5],
    [5000, 999, 5],
    [5000, 1000, 4],
    [5000, 4001, 1],
    [5000, 5000, 0],
    [3000, 9000, 0],
    [3000, -50, 3],
    [0, 0, 0],
    [Number.NaN, 0, 0],
  ] as const)('a wait of %i ms, %i ms in, shows %i seconds', (delay, elapsed, seconds) => {
    expect(secondsLeft(delay, elapsed)).toBe(seconds);
  });
});

describe('auto-download delay test variation', () => {
  const cookie = (variation: number, portal = 'RGUS') =>
    `other=1; ew_exp=${encodeURIComponent(JSON.stringify([{ ExperimentGUID: AUTO_DOWNLOAD_DELAY_EXPERIMENT.toUpperCase(), VariationIndex: variation, PortalCD: portal }]))}`;
  it.each([
    [cookie(3), 'RGUS', true],
    [cookie(4), 'rgus', true],
    [cookie(2), 'RGUS', false],
    [cookie(1), 'RGUS', false],
    [cookie(3, 'RGUK'), 'RGUS', false],
    ['ew_exp=garbage', 'RGUS', false],
    [null, 'RGUS', false],
  ])('%s on %s → %s', (header, portal, expected) => {
    expect(inAutoDownloadDelayTest(header, portal)).toBe(expected);
  });
});

describe('promo ad widget (§2 Other screens)', () => {
  it.each([
    ['boldPro', 'boldPro'],
    ['BOLD_PRO', 'boldPro'],
    ['cover-letter', 'coverLetter'],
    ['CVCHECK', 'cvCheck'],
    ['free cv review', 'freeCvReview'],
    ['jobCustomiser', 'jobCustomiser'],
    ['job_customizer', 'jobCustomiser'],
    ['mobileapp', 'mobileApp'],
    ['podcast', 'coverLetter'],
    ['', 'coverLetter'],
    [null, 'coverLetter'],
    [undefined, 'coverLetter'],
  ] as const)('%j → %s', (raw, type) => {
    expect(promoWidgetType(raw)).toBe(type);
  });

  it('has the six widget types', () => {
    expect(PROMO_WIDGET_TYPES).toHaveLength(6);
    for (const type of PROMO_WIDGET_TYPES) expect(promoWidgetType(type)).toBe(type);
  });

  it.each([
    [0, 0, 0],
    [1_000, 4_400, 3],
    [1_000, 4_600, 4],
    [10_000, 5_000, 0],
    [Number.NaN, 5_000, 0],
  ])('seconds from %i to %i → %i', (from, to, seconds) => {
    expect(secondsSpent(from, to)).toBe(seconds);
  });

  it.each([
    [JSON.stringify({ type: 'cvCheck', viewedAt: 1700 }), { type: 'cvCheck', viewedAt: 1700 }],
    [JSON.stringify({ type: 'podcast', viewedAt: 1700 }), null],
    [JSON.stringify({ type: 'cvCheck', viewedAt: -1 }), null],
    [JSON.stringify({ type: 'cvCheck', viewedAt: '1700' }), null],
    ['{not json', null],
    ['null', null],
    [null, null],
  ])('reads the local record %s', (stored, expected) => {
    expect(readPromoAdInfo(stored)).toEqual(expected);
  });
});
