import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  clearCountryOverrideCookie,
  countryOverrideCookie,
  decodeMailto,
  encodeMailto,
  LOCATION_OVERRIDE_KEYS,
  parseQueryParams,
  persistLocationOverride,
  QUERY_PARAM_NAMES,
  queryFlags,
  readCountryOverride,
  readLocationOverride,
  validateSearch,
} from '../../src/domain/query-params';
import { MemoryStorage } from './fakes';

const GUID = 'e1000000-0000-4000-8000-000000000001';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** Parses one parameter from a query string and returns its value (undefined if dropped). */
const one = (name: string, raw: string) =>
  (parseQueryParams(`?${name}=${encodeURIComponent(raw)}`) as Record<string, unknown>)[name];

describe('§2 every query parameter is parsed in one place', () => {
  it('knows all the parameters the spec lists', () => {
    const spec = [
      'mode',
      'type',
      'skt',
      'sbt',
      'flow',
      'w_flow',
      'j_id',
      'test_ff',
      'reason',
      'offer',
      'paymenttype',
      'from',
      'so',
      'docid',
      'doctype',
      'mailto',
      'stylesheetname',
      'skinid',
      'bypasscncrprefcheck',
      'force_show_tp_widget',
      'animatecv',
      'googleshoppingautodownload',
      'wlbdemo',
      'exbo',
      'preview',
      'fromcache',
      'countrycd',
      'ipcountrycd',
      'ipstatecd',
      'disabletests',
      'runtest',
      'cultureslug',
      'showLegacyOrderConfirmation',
      'isFeedBackTool',
      'purchaseft',
      'orderid',
      'skuid',
      'method',
      'status',
      'productid',
      'startdate',
      'enddate',
      'txtype',
      'skip',
    ];
    expect([...QUERY_PARAM_NAMES].sort()).toEqual([...spec].sort());
  });

  const cases: [string, string, unknown][] = [
    // §5: preview is true only for TRUE (any case); fromcache is false only for FALSE
    ['preview', 'TRUE', true],
    ['preview', 'true', true],
    ['preview', 'True', true],
    ['preview', '1', undefined],
    ['preview', 'yes', undefined],
    ['preview', 'false', undefined],
    // productid: a product code, upper-cased; anything else is dropped
    ['productid', 'rstune', 'RSTUNE'],
    ['productid', 'CLWRIT_DE', 'CLWRIT_DE'],
    ['productid', 'RS TUNE', undefined],
    ['productid', '<b>', undefined],
    ['fromcache', 'FALSE', false],
    ['fromcache', 'false', false],
    ['fromcache', '0', undefined],
    ['fromcache', 'TRUE', undefined],
    // countrycd: exactly 2 letters, else ignored
    ['countrycd', 'us', 'US'],
    ['countrycd', ' GB ', 'GB'],
    ['countrycd', 'USA', undefined],
    ['countrycd', 'U', undefined],
    ['countrycd', '12', undefined],
    ['ipcountrycd', 'in', 'IN'],
    ['ipcountrycd', 'IND', undefined],
    ['ipstatecd', 'ca', 'CA'],
    ['ipstatecd', 'NSW', 'NSW'],
    ['ipstatecd', 'TOOLONG', undefined],
    // disabletests: 1 or true
    ['disabletests', '1', true],
    ['disabletests', 'true', true],
    ['disabletests', 'TRUE', true],
    ['disabletests', '0', undefined],
    ['disabletests', 'false', undefined],
    ['disabletests', 'yes', undefined],
    // runtest and test_ff are kept in canonical text
    ['runtest', `${GUID.toUpperCase()}:4`, `${GUID}:4`],
    ['runtest', `${GUID}=3`, `${GUID}:3`],
    ['runtest', 'nonsense', undefined],
    ['test_ff', 'CHAT=true, ADSV=TRUE ,UPI=no', 'CHAT=true,ADSV=true,UPI=false'],
    ['test_ff', ',,', undefined],
    // flows, ids, sources
    ['flow', '2', '2'],
    ['flow', 'save', 'save'],
    ['flow', 'J2C', 'J2C'],
    ['flow', 'a b', undefined],
    ['from', 'InterviewBlog', 'interviewblog'],
    ['mode', 'ResumeSubs', 'resumesubs'],
    ['j_id', 'job-123', 'job-123'],
    ['j_id', '<script>', undefined],
    ['docid', GUID.toUpperCase(), GUID],
    ['docid', '00000000-0000-0000-0000-000000000000', undefined],
    ['docid', '123', undefined],
    ['doctype', 'RSME', 'RSME'],
    ['doctype', 'RSME, LETR', 'RSME,LETR'],
    ['doctype', 'RS ME', undefined],
    ['stylesheetname', 'RbtoHtml2', 'RbtoHtml2'],
    ['stylesheetname', '../etc', undefined],
    ['skinid', 'SRZ1', 'SRZ1'],
    ['exbo', '60', 60],
    ['exbo', '-1', undefined],
    ['exbo', 'many', undefined],
    ['cultureslug', 'de-DE', 'de-de'],
    ['cultureslug', 'fr', 'fr'],
    ['cultureslug', 'de_DE', undefined],
    // flags
    ['bypasscncrprefcheck', 'true', true],
    ['bypasscncrprefcheck', '1', undefined],
    ['showLegacyOrderConfirmation', 'true', true],
    ['showLegacyOrderConfirmation', 'false', undefined],
    ['isFeedBackTool', 'TRUE', true],
    ['isFeedBackTool', 'no', undefined],
    ['animatecv', 'true', true],
    ['animatecv', '1', true],
    ['animatecv', '0', false],
    ['animatecv', 'maybe', undefined],
    ['force_show_tp_widget', 'true', true],
    ['googleshoppingautodownload', 'false', false],
    ['wlbdemo', '1', true],
    ['purchaseft', '', true],
    ['purchaseft', '1', true],
    // the order a confirmation shows
    ['orderid', '5001', 5001],
    ['orderid', '0', undefined],
    ['orderid', '007', undefined],
    ['orderid', '12ab', undefined],
    ['orderid', '1234567890123456', undefined],
    ['skuid', '4', 4],
    ['skuid', '-4', undefined],
    // an alternative-payment return
    ['method', 'pypl', 'PYPL'],
    ['method', 'DUPI', 'DUPI'],
    ['method', 'BTC', undefined],
    ['status', 'Approved', 'approved'],
    ['status', 'cancelled', 'cancelled'],
    ['status', 'paid', undefined],
  ];

  it.each(cases)('%s=%j → %j', (name, raw, expected) => {
    expect(one(name, raw)).toEqual(expected);
  });

  it('an empty value of a text parameter is dropped', () => {
    expect(parseQueryParams('?flow=&reason=&offer=%20')).toEqual({});
  });

  it('invalid values are dropped without touching the valid ones, and nothing throws', () => {
    expect(parseQueryParams('?countrycd=USA&preview=TRUE&docid=x&flow=save&exbo=%E0')).toEqual({
      preview: true,
      flow: 'save',
    });
  });

  it.each([null, undefined, '', '?', '%', '?&&=&a=%ZZ'])('never throws on %j', (input) => {
    expect(() => parseQueryParams(input)).not.toThrow();
  });

  it('unknown parameters are left out', () => {
    expect(parseQueryParams('?utm_source=x&subid=5')).toEqual({});
  });

  it('names are matched case-insensitively, the exact spelling wins', () => {
    expect(parseQueryParams('?countryCD=de&DisableTests=1')).toEqual({ countrycd: 'DE', disabletests: true });
    expect(parseQueryParams('?COUNTRYCD=fr&countrycd=de')).toEqual({ countrycd: 'DE' });
  });

  it('a repeated name: the first value counts', () => {
    expect(parseQueryParams('?flow=save&flow=winback')).toEqual({ flow: 'save' });
    expect(validateSearch({ flow: ['save', 'winback'] })).toEqual({ flow: 'save' });
  });

  it('takes a URLSearchParams and a plain object as well as a string', () => {
    expect(parseQueryParams(new URLSearchParams('countrycd=ca'))).toEqual({ countrycd: 'CA' });
    expect(parseQueryParams({ countrycd: 'ca', exbo: 12, disabletests: true, preview: { x: 1 } })).toEqual({
      countrycd: 'CA',
      exbo: 12,
      disabletests: true,
    });
  });
});

describe('§2 mailto is a base64 e-mail', () => {
  it.each([
    ['standard base64', b64('Jane.Doe@Example.com'), 'jane.doe@example.com'],
    ['base64 without padding', b64('ab@example.io').replace(/=+$/, ''), 'ab@example.io'],
    ['base64 with a + inside', 'eH5+QGV4YW1wbGUuY29t', 'x~~@example.com'],
    ['the same, + turned into a space by form decoding', 'eH5 QGV4YW1wbGUuY29t', 'x~~@example.com'],
    ['base64url (- and no padding)', b64url('ab~c@example.com'), 'ab~c@example.com'],
    ['base64 percent-encoded once more', encodeURIComponent(b64('ab~c@example.com')), 'ab~c@example.com'],
    ['not an e-mail once decoded', b64('not-an-email'), null],
    ['not base64', '***', null],
    ['impossible base64 length', 'abcde', null],
    ['not UTF-8 once decoded', Buffer.from([0xff, 0xfe, 0x40]).toString('base64'), null],
    ['already decoded (after a router round trip)', 'x@example.org', 'x@example.org'],
    ['already decoded but invalid', 'x@', null],
  ])('%s', (_name, raw, expected) => {
    expect(decodeMailto(raw)).toBe(expected);
  });

  it('a raw + in the query string survives URLSearchParams turning it into a space', () => {
    expect(new URLSearchParams('mailto=eH5+QGV4YW1wbGUuY29t').get('mailto')).toContain(' ');
    expect(parseQueryParams('?mailto=eH5+QGV4YW1wbGUuY29t').mailto).toBe('x~~@example.com');
  });

  it('an invalid mailto is dropped', () => {
    expect(parseQueryParams(`?mailto=${b64('nope')}`)).toEqual({});
  });

  it('encodeMailto writes what decodeMailto reads', () => {
    expect(decodeMailto(encodeMailto('Someone@Example.com'))).toBe('someone@example.com');
    expect(decodeMailto(encodeMailto('first+tag@example.com'))).toBe('first+tag@example.com');
  });
});

describe('queryFlags: what the parameters mean, with defaults', () => {
  it('no parameters: no preview, cache on, tests on, no job flow', () => {
    expect(queryFlags({})).toEqual({
      preview: false,
      useCache: true,
      testsDisabled: false,
      runTest: null,
      flagOverrides: [],
      jobFlow: false,
      jobId: null,
      fromInterviewBlog: false,
      resumeSubscriptionMode: false,
      forceLegacyOrderConfirmation: false,
      forceFeedbackTool: false,
      bypassCancellationReminderPreferenceCheck: false,
      animateCv: false,
    });
  });

  it('reads every switch', () => {
    const flags = queryFlags(
      parseQueryParams(
        `?preview=TRUE&fromcache=FALSE&disabletests=1&runtest=${GUID}:5&test_ff=CHAT=false&flow=2&j_id=J9&from=interviewblog&mode=resumesubs` +
          '&showLegacyOrderConfirmation=true&isFeedBackTool=true&bypasscncrprefcheck=true&animatecv=1',
      ),
    );
    expect(flags).toEqual({
      preview: true,
      useCache: false,
      testsDisabled: true,
      runTest: { ExperimentGUID: GUID, VariationIndex: 5 },
      flagOverrides: [{ name: 'CHAT', active: false }],
      jobFlow: true,
      jobId: 'J9',
      fromInterviewBlog: true,
      resumeSubscriptionMode: true,
      forceLegacyOrderConfirmation: true,
      forceFeedbackTool: true,
      bypassCancellationReminderPreferenceCheck: true,
      animateCv: true,
    });
  });

  it('a job id without flow=2 is not a job flow', () => {
    expect(queryFlags(parseQueryParams('?flow=save&j_id=J9'))).toMatchObject({ jobFlow: false, jobId: null });
  });
});

describe('validateSearch with TanStack Router’s own search parsing', () => {
  const url =
    `?preview=TRUE&fromcache=FALSE&disabletests=1&flow=2&j_id=00123&countrycd=de&exbo=60&mailto=${encodeURIComponent(b64('a+b@example.com'))}` +
    `&runtest=${GUID}:3&test_ff=CHAT=true&docid=${GUID}&cultureslug=de-de&animatecv=true&purchaseft=1&skinid=123&orderid=5001&skuid=4`;

  it('reads numbers and booleans the router produced from the text', () => {
    const search = validateSearch(defaultParseSearch(url));
    expect(search).toEqual({
      preview: true,
      fromcache: false,
      disabletests: true,
      flow: '2',
      j_id: '00123',
      countrycd: 'DE',
      exbo: 60,
      mailto: 'a+b@example.com',
      runtest: `${GUID}:3`,
      test_ff: 'CHAT=true',
      docid: GUID,
      cultureslug: 'de-de',
      animatecv: true,
      purchaseft: true,
      skinid: '123',
      orderid: 5001,
      skuid: 4,
    });
  });

  it('reading the address bar the router rewrote gives the same values as the router', () => {
    const once = validateSearch(defaultParseSearch(url));
    const rewritten = defaultStringifySearch(once);
    expect(rewritten).toContain('flow=%222%22');
    expect(parseQueryParams(rewritten)).toEqual(once);
  });

  it('is stable: writing the result into a URL and reading it again gives the same result', () => {
    const once = validateSearch(defaultParseSearch(url));
    const twice = validateSearch(defaultParseSearch(defaultStringifySearch(once)));
    expect(twice).toEqual(once);
  });
});

describe('§2 keeping the overrides', () => {
  it('countrycd goes into a cookie', () => {
    expect(countryOverrideCookie('de')).toBe('countrycd=DE; Path=/; SameSite=Lax');
    expect(countryOverrideCookie('gb', { maxAgeSeconds: 3600 })).toBe(
      'countrycd=GB; Path=/; Max-Age=3600; SameSite=Lax',
    );
  });
  it('an invalid country gives no cookie', () => {
    expect(countryOverrideCookie('DEU')).toBeNull();
  });
  it('the kept country is read back, and a bad cookie counts as absent', () => {
    expect(readCountryOverride('a=1; countrycd=FR')).toBe('FR');
    expect(readCountryOverride('countrycd=FRA')).toBeNull();
    expect(readCountryOverride('')).toBeNull();
  });
  it('clearing expires the cookie', () => {
    expect(clearCountryOverrideCookie()).toContain('Max-Age=0');
  });

  it('ipcountrycd and ipstatecd go into the given storage', () => {
    const storage = new MemoryStorage();
    expect(persistLocationOverride(parseQueryParams('?ipcountrycd=us&ipstatecd=ca'), storage)).toBe(true);
    expect(storage.data.get(LOCATION_OVERRIDE_KEYS.country)).toBe('US');
    expect(readLocationOverride(storage)).toEqual({ country: 'US', state: 'CA' });
  });
  it('a new country without a state removes the old state', () => {
    const storage = new MemoryStorage({ ipcountrycd: 'US', ipstatecd: 'CA' });
    persistLocationOverride({ ipcountrycd: 'IN' }, storage);
    expect(readLocationOverride(storage)).toEqual({ country: 'IN', state: null });
  });
  it('a state alone keeps the stored country', () => {
    const storage = new MemoryStorage({ ipcountrycd: 'US', ipstatecd: 'CA' });
    persistLocationOverride({ ipstatecd: 'NY' }, storage);
    expect(readLocationOverride(storage)).toEqual({ country: 'US', state: 'NY' });
  });
  it('nothing in the query leaves storage alone', () => {
    const storage = new MemoryStorage({ ipcountrycd: 'US' });
    expect(persistLocationOverride({}, storage)).toBe(true);
    expect(readLocationOverride(storage)).toEqual({ country: 'US', state: null });
  });
  it('a storage that refuses writes is reported, not thrown', () => {
    const storage = Object.assign(new MemoryStorage(), { failWrites: true });
    expect(persistLocationOverride({ ipcountrycd: 'US' }, storage)).toBe(false);
    expect(persistLocationOverride({ ipcountrycd: 'US' }, null)).toBe(false);
  });
  it('invalid stored values count as absent', () => {
    expect(readLocationOverride(new MemoryStorage({ ipcountrycd: 'United States', ipstatecd: '' }))).toEqual({
      country: null,
      state: null,
    });
  });
});
