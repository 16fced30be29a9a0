/**
 * The classes of hostile input the fuzzer sends to every route. Each class has values for the
 * three places a value can go: a path segment and a query value (both as they travel, already
 * percent-encoded or deliberately not), and a JSON body field (as raw JSON text, so that what
 * JSON.stringify cannot write, such as 1e309 or a lone surrogate escape, can still be sent).
 */
export interface HostileClass {
  name: string;
  segment: readonly string[];
  query: readonly string[];
  json: readonly string[];
}

const MEGABYTE = 1024 * 1024;
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

export const HOSTILE_CLASSES: readonly HostileClass[] = [
  {
    name: 'integer edges',
    segment: ['0', '-1', '2147483647', '2147483648', '9007199254740993', '1e309'],
    query: ['0', '-1', '2147483647', '2147483648', '9007199254740993', '1e309'],
    json: ['0', '-1', '2147483647', '2147483648', '9007199254740993', '1e309', '-1e309', '"1e309"', '0.5'],
  },
  {
    name: 'NUL and control characters',
    segment: ['a%00b', '%00', '%01%1B%7F', '%0D%0Aforged', '%C2%85', '%09'],
    query: ['a%00b', '%00', '%01%1B%7F', '%0D%0Aforged', '%C2%85', '%09'],
    json: ['"a\\u0000b"', '"\\u0000"', '"\\u0001\\u001b[31m\\u007f"', '"\\r\\nforged"', '"\\u0085"', '"\\t"'],
  },
  {
    name: 'lone surrogates',
    segment: ['%ED%A0%80', 'x%ED%B0%80', '%FF%FE'],
    query: ['%ED%A0%80', 'x%ED%B0%80', '%FF%FE'],
    json: ['"\\ud800"', '"x\\udc00"', '"\\udbff\\udbff"', '{"\\ud800":1}'],
  },
  {
    name: 'strings of 1 MB',
    segment: ['a'.repeat(MEGABYTE)],
    query: ['a'.repeat(MEGABYTE)],
    json: [`"${'a'.repeat(MEGABYTE)}"`],
  },
  {
    name: 'nesting 5,000 deep',
    segment: ['%5B'.repeat(5000) + '%5D'.repeat(5000)],
    query: ['%5B'.repeat(5000) + '%5D'.repeat(5000)],
    json: [deep(5000), `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
  },
  {
    name: 'malformed percent-encoding',
    segment: ['%', '%zz', '%E0%A4%A', '%C0%AF', '%%30'],
    query: ['%', '%zz', '%E0%A4%A', '%C0%AF'],
    json: ['"%"', '"%zz"', '"%E0%A4%A"'],
  },
  {
    name: 'prototype names',
    segment: ['__proto__', 'constructor', 'hasOwnProperty', 'prototype'],
    query: ['__proto__', 'constructor', 'hasOwnProperty'],
    json: [
      '"__proto__"',
      '"constructor"',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"hasOwnProperty":1}',
    ],
  },
];

/** What a whole request can be wrong in, beyond one value. */
export const REQUEST_CLASSES = [
  'prototype keys',
  'repeated query parameters',
  'wrong content types',
  'empty bodies',
] as const;

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/xml',
];
