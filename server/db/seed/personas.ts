/** The demo people of DESIGN.md, with the history a real account of theirs would have. */
import type { DemoPersonaId } from '../../../src/api/schemas/common';
import type { UserColumns } from '../tables';
import { SKU_SLOT, skuIdFor } from './catalog';

/** A demo person as the seed writes them: the user's columns, then the history to give them. */
export type PersonaSeed = { persona_id: DemoPersonaId | null } & Pick<
  UserColumns<number>,
  | 'user_uid'
  | 'account_id'
  | 'first_name'
  | 'last_name'
  | 'email_address'
  | 'role'
  | 'sub_role'
  | 'state_cd'
  | 'country_cd'
  | 'culture_cd'
  | 'currency_cd'
  | 'currency_symbol'
  | 'portal_id'
  | 'party_id'
> & {
    city: string;
    user_type: 'NEW' | 'ACTV' | 'EXPR' | 'EXPD' | 'SUSP';
    created_days_ago: number;
    subscriptions: SubscriptionSeed[];
    documents: DocumentSeed[];
    preferences: Record<string, string>;
    /** subscription_status_cd: the review subscription's status, ACTV unless given. */
    reviewOrders: {
      status_cd: string;
      product_cd: string;
      is_free: boolean;
      days_ago: number;
      subscription_status_cd?: string;
    }[];
    freeReview: { is_intake_filled: boolean; is_pending: boolean; available_free: number } | null;
  };

export interface SubscriptionSeed {
  slot: number;
  status_cd: string;
  subscription_type_cd: string;
  started_days_ago: number;
  /** Days until access ends; negative when it already has. */
  ends_in_days: number;
  renews: boolean;
  cancelled_days_ago?: number;
  /** Charges, newest last; each renews the period that started `days_ago`. */
  charges: ChargeSeed[];
}

export interface ChargeSeed {
  type: 'SALE' | 'RFND';
  sub_type?: 'ADFE';
  amount: 'trial' | 'unit' | number;
  days_ago: number;
  period_days: number;
  card: 'VISA' | 'MASTERCARD' | 'AMEX';
  last4: string;
  method?: string;
}

export interface DocumentSeed {
  doc_type_cd: 'RSME' | 'LETR';
  name: string;
  job_title: string;
  skin_cd: string;
  score: number | null;
  days_ago: number;
  body: string;
}

export const personaUid = (n: number) => `5eed0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const resume = (name: string, title: string, city: string, lines: string[]) =>
  [
    name,
    `${title} · ${city}`,
    '',
    'Summary',
    ...lines,
    '',
    'Experience',
    `Senior ${title}, Northwind Traders (2019–present)`,
    `${title}, Contoso Ltd. (2015–2019)`,
    '',
    'Education',
    'B.Sc., State University',
  ].join('\n');

const letter = (name: string, title: string) =>
  [
    `Dear Hiring Manager,`,
    '',
    `I am writing to apply for the ${title} position. My experience delivering results in fast-moving teams makes me a strong fit.`,
    '',
    'Sincerely,',
    name,
  ].join('\n');

const monthly = (n: number, daysAgo: number, card: ChargeSeed['card'], last4: string): ChargeSeed[] =>
  Array.from({ length: n }, (_, i) => ({
    type: 'SALE' as const,
    amount: 'unit' as const,
    days_ago: daysAgo - i * 30,
    period_days: 30,
    card,
    last4,
  }));

export const PERSONAS: PersonaSeed[] = [
  {
    persona_id: 'new-us',
    user_uid: personaUid(1),
    account_id: '100000001',
    first_name: 'Nora',
    last_name: 'Newman',
    email_address: 'nora.newman@example.com',
    role: 'user',
    sub_role: null,
    city: 'Austin',
    state_cd: 'TX',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    portal_id: 1,
    party_id: 81000001,
    user_type: 'NEW',
    created_days_ago: 1,
    subscriptions: [],
    documents: [
      {
        doc_type_cd: 'RSME',
        name: 'Nora Newman Resume',
        job_title: 'Project Manager',
        skin_cd: 'SRZ1',
        score: 64,
        days_ago: 1,
        body: resume('Nora Newman', 'Project Manager', 'Austin, TX', [
          'Organised delivery of 30+ projects on time and on budget.',
        ]),
      },
    ],
    preferences: { LOW_INTENT_USER: 'false' },
    reviewOrders: [],
    freeReview: null,
  },
  {
    persona_id: 'trial-us',
    user_uid: personaUid(2),
    account_id: '100000002',
    first_name: 'Theo',
    last_name: 'Tran',
    email_address: 'theo.tran@example.com',
    role: 'user',
    sub_role: null,
    city: 'Seattle',
    state_cd: 'WA',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    portal_id: 1,
    party_id: 81000002,
    user_type: 'ACTV',
    created_days_ago: 6,
    subscriptions: [
      {
        slot: SKU_SLOT.limitedTrial,
        status_cd: 'ACTV',
        subscription_type_cd: 'AUTO',
        started_days_ago: 5,
        ends_in_days: 9,
        renews: true,
        charges: [{ type: 'SALE', amount: 'trial', days_ago: 5, period_days: 14, card: 'VISA', last4: '4242' }],
      },
    ],
    documents: [
      {
        doc_type_cd: 'RSME',
        name: 'Theo Tran Resume',
        job_title: 'Data Analyst',
        skin_cd: 'SRZ3',
        score: 78,
        days_ago: 5,
        body: resume('Theo Tran', 'Data Analyst', 'Seattle, WA', [
          'Built dashboards used by 200 colleagues.',
          'Cut reporting time by 40 %.',
        ]),
      },
    ],
    preferences: {},
    reviewOrders: [],
    freeReview: { is_intake_filled: false, is_pending: false, available_free: 1 },
  },
  {
    persona_id: 'active-us',
    user_uid: personaUid(3),
    account_id: '100000003',
    first_name: 'Ava',
    last_name: 'Martinez',
    email_address: 'ava.martinez@example.com',
    role: 'user',
    sub_role: null,
    city: 'Chicago',
    state_cd: 'IL',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    portal_id: 1,
    party_id: 81000003,
    user_type: 'ACTV',
    created_days_ago: 130,
    subscriptions: [
      {
        slot: SKU_SLOT.monthly,
        status_cd: 'ACTV',
        subscription_type_cd: 'AUTO',
        started_days_ago: 124,
        ends_in_days: 10,
        renews: true,
        charges: [
          { type: 'SALE', amount: 'trial', days_ago: 124, period_days: 14, card: 'MASTERCARD', last4: '5454' },
          ...monthly(4, 110, 'MASTERCARD', '5454'),
          { type: 'RFND', amount: 'unit', days_ago: 48, period_days: 0, card: 'MASTERCARD', last4: '5454' },
          {
            type: 'SALE',
            sub_type: 'ADFE',
            amount: 4.95,
            days_ago: 48,
            period_days: 0,
            card: 'MASTERCARD',
            last4: '5454',
          },
        ],
      },
    ],
    documents: [
      {
        doc_type_cd: 'RSME',
        name: 'Ava Martinez Resume',
        job_title: 'Marketing Manager',
        skin_cd: 'SRZ2',
        score: 91,
        days_ago: 20,
        body: resume('Ava Martinez', 'Marketing Manager', 'Chicago, IL', [
          'Grew qualified leads 3x in two years.',
          'Led a team of 8.',
        ]),
      },
      {
        doc_type_cd: 'LETR',
        name: 'Ava Martinez Cover Letter',
        job_title: 'Marketing Manager',
        skin_cd: 'LTR1',
        score: null,
        days_ago: 19,
        body: letter('Ava Martinez', 'Marketing Manager'),
      },
    ],
    preferences: { CANCELLATION_REMINDER: 'false' },
    reviewOrders: [{ status_cd: 'APPROV', product_cd: 'RSMRVW', is_free: false, days_ago: 60 }],
    freeReview: { is_intake_filled: true, is_pending: false, available_free: 0 },
  },
  {
    persona_id: 'expiring-us',
    user_uid: personaUid(4),
    account_id: '100000004',
    first_name: 'Eli',
    last_name: 'Brooks',
    email_address: 'eli.brooks@example.com',
    role: 'user',
    sub_role: null,
    city: 'Denver',
    state_cd: 'CO',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    portal_id: 1,
    party_id: 81000004,
    user_type: 'EXPR',
    created_days_ago: 70,
    subscriptions: [
      {
        slot: SKU_SLOT.monthly,
        status_cd: 'EXPR',
        subscription_type_cd: 'EXPR',
        started_days_ago: 64,
        ends_in_days: 10,
        renews: false,
        cancelled_days_ago: 10,
        charges: [
          { type: 'SALE', amount: 'trial', days_ago: 64, period_days: 14, card: 'VISA', last4: '1881' },
          ...monthly(2, 50, 'VISA', '1881'),
        ],
      },
    ],
    documents: [
      {
        doc_type_cd: 'RSME',
        name: 'Eli Brooks Resume',
        job_title: 'Software Engineer',
        skin_cd: 'SRZ4',
        score: 83,
        days_ago: 30,
        body: resume('Eli Brooks', 'Software Engineer', 'Denver, CO', [
          'Shipped a payments service handling 1M requests a day.',
        ]),
      },
    ],
    preferences: {},
    reviewOrders: [{ status_cd: 'INPROC', product_cd: 'RSMRVW', is_free: true, days_ago: 3 }],
    freeReview: { is_intake_filled: true, is_pending: true, available_free: 0 },
  },
  {
    persona_id: 'expired-us',
    user_uid: personaUid(5),
    account_id: '100000005',
    first_name: 'Maya',
    last_name: 'Okafor',
    email_address: 'maya.okafor@example.com',
    role: 'user',
    sub_role: null,
    city: 'Atlanta',
    state_cd: 'GA',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    portal_id: 1,
    party_id: 81000005,
    user_type: 'EXPD',
    created_days_ago: 200,
    subscriptions: [
      {
        slot: SKU_SLOT.fullTrial,
        status_cd: 'EXPD',
        subscription_type_cd: 'EXPD',
        started_days_ago: 120,
        ends_in_days: -46,
        renews: false,
        cancelled_days_ago: 50,
        charges: [
          { type: 'SALE', amount: 'trial', days_ago: 120, period_days: 14, card: 'AMEX', last4: '0005' },
          ...monthly(2, 106, 'AMEX', '0005'),
        ],
      },
    ],
    documents: [
      {
        doc_type_cd: 'RSME',
        name: 'Maya Okafor Resume',
        job_title: 'Registered Nurse',
        skin_cd: 'SRZ5',
        score: 72,
        days_ago: 100,
        body: resume('Maya Okafor', 'Registered Nurse', 'Atlanta, GA', [
          'Cared for 20 patients a shift in a level-one trauma unit.',
        ]),
      },
    ],
    preferences: {},
    reviewOrders: [
      { status_cd: 'APPROV', product_cd: 'RSMRVW', is_free: false, days_ago: 150, subscription_status_cd: 'EXPD' },
    ],
    freeReview: { is_intake_filled: false, is_pending: false, available_free: 1 },
  },
  {
    persona_id: 'suspended-us',
    user_uid: personaUid(6),
    account_id: '100000006',
    first_name: 'Sam',
    last_name: 'Keller',
    email_address: 'sam.keller@example.com',
    role: 'user',
    sub_role: null,
    city: 'Phoenix',
    state_cd: 'AZ',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    portal_id: 1,
    party_id: 81000006,
    user_type: 'SUSP',
    created_days_ago: 50,
    subscriptions: [
      {
        slot: SKU_SLOT.monthly,
        status_cd: 'SUSP',
        subscription_type_cd: 'SUSP',
        started_days_ago: 44,
        ends_in_days: -1,
        renews: true,
        charges: [
          { type: 'SALE', amount: 'trial', days_ago: 44, period_days: 14, card: 'VISA', last4: '0341' },
          ...monthly(1, 30, 'VISA', '0341'),
        ],
      },
    ],
    documents: [
      {
        doc_type_cd: 'RSME',
        name: 'Sam Keller Resume',
        job_title: 'Sales Associate',
        skin_cd: 'SRZ1',
        score: 58,
        days_ago: 40,
        body: resume('Sam Keller', 'Sales Associate', 'Phoenix, AZ', ['Top seller in the region for two quarters.']),
      },
    ],
    preferences: {},
    reviewOrders: [],
    freeReview: null,
  },
  {
    persona_id: 'active-uk',
    user_uid: personaUid(7),
    account_id: '100000007',
    first_name: 'Oliver',
    last_name: 'Hughes',
    email_address: 'oliver.hughes@example.co.uk',
    role: 'user',
    sub_role: null,
    city: 'Manchester',
    state_cd: null,
    country_cd: 'GB',
    culture_cd: 'en-GB',
    currency_cd: 'GBP',
    currency_symbol: '£',
    portal_id: 2,
    party_id: 81000007,
    user_type: 'ACTV',
    created_days_ago: 90,
    subscriptions: [
      {
        slot: SKU_SLOT.fullTrial,
        status_cd: 'BASE',
        subscription_type_cd: 'EXPD',
        started_days_ago: 88,
        ends_in_days: -74,
        renews: false,
        charges: [{ type: 'SALE', amount: 'trial', days_ago: 88, period_days: 14, card: 'VISA', last4: '1117' }],
      },
      {
        slot: SKU_SLOT.annual,
        status_cd: 'ACTV',
        subscription_type_cd: 'EXPR',
        started_days_ago: 74,
        ends_in_days: 291,
        renews: false,
        charges: [{ type: 'SALE', amount: 'unit', days_ago: 74, period_days: 365, card: 'VISA', last4: '1117' }],
      },
    ],
    documents: [
      {
        doc_type_cd: 'RSME',
        name: 'Oliver Hughes CV',
        job_title: 'Accountant',
        skin_cd: 'SRZ2',
        score: 86,
        days_ago: 60,
        body: resume('Oliver Hughes', 'Accountant', 'Manchester', [
          'Chartered accountant with audit experience across retail clients.',
        ]),
      },
    ],
    preferences: {},
    reviewOrders: [],
    freeReview: null,
  },
  {
    persona_id: 'active-de',
    user_uid: personaUid(8),
    account_id: '100000008',
    first_name: 'Lena',
    last_name: 'Schneider',
    email_address: 'lena.schneider@example.de',
    role: 'user',
    sub_role: null,
    city: 'Berlin',
    state_cd: 'BE',
    country_cd: 'DE',
    culture_cd: 'de-DE',
    currency_cd: 'EUR',
    currency_symbol: '€',
    portal_id: 3,
    party_id: 81000008,
    user_type: 'ACTV',
    created_days_ago: 45,
    subscriptions: [
      {
        slot: SKU_SLOT.monthly,
        status_cd: 'ACTV',
        subscription_type_cd: 'AUTO',
        started_days_ago: 40,
        ends_in_days: 4,
        renews: true,
        charges: [
          { type: 'SALE', amount: 'trial', days_ago: 40, period_days: 14, card: 'MASTERCARD', last4: '4444' },
          ...monthly(1, 26, 'MASTERCARD', '4444'),
        ],
      },
    ],
    documents: [
      {
        doc_type_cd: 'RSME',
        name: 'Lebenslauf Lena Schneider',
        job_title: 'Projektleiterin',
        skin_cd: 'SRZ3',
        score: 88,
        days_ago: 35,
        body: resume('Lena Schneider', 'Projektleiterin', 'Berlin', [
          'Leitung von Digitalisierungsprojekten im Mittelstand.',
        ]),
      },
    ],
    preferences: {},
    reviewOrders: [],
    freeReview: null,
  },
  {
    persona_id: 'new-in',
    user_uid: personaUid(9),
    account_id: '100000009',
    first_name: 'Arjun',
    last_name: 'Mehta',
    email_address: 'arjun.mehta@example.in',
    role: 'user',
    sub_role: null,
    city: 'Bengaluru',
    state_cd: 'KA',
    country_cd: 'IN',
    culture_cd: 'en-IN',
    currency_cd: 'INR',
    currency_symbol: '₹',
    portal_id: 4,
    party_id: 81000009,
    user_type: 'NEW',
    created_days_ago: 2,
    subscriptions: [],
    documents: [
      {
        doc_type_cd: 'RSME',
        name: 'Arjun Mehta Resume',
        job_title: 'Software Developer',
        skin_cd: 'SRZ1',
        score: 69,
        days_ago: 2,
        body: resume('Arjun Mehta', 'Software Developer', 'Bengaluru', ['Built Android apps with 500k installs.']),
      },
    ],
    preferences: {},
    reviewOrders: [],
    freeReview: null,
  },
  {
    persona_id: 'employer',
    user_uid: personaUid(10),
    account_id: '100000010',
    first_name: 'Grace',
    last_name: 'Whitfield',
    email_address: 'grace.whitfield@example.com',
    role: 'user',
    sub_role: 'Employer',
    city: 'Boston',
    state_cd: 'MA',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    portal_id: 1,
    party_id: 81000010,
    user_type: 'NEW',
    created_days_ago: 3,
    subscriptions: [],
    documents: [],
    preferences: {},
    reviewOrders: [],
    freeReview: null,
  },
  // Customers who are not demo personas but make the data set cover every subscription status.
  {
    persona_id: null,
    user_uid: personaUid(101),
    account_id: '100000101',
    first_name: 'Priya',
    last_name: 'Pendleton',
    email_address: 'priya.pendleton@example.com',
    role: 'user',
    sub_role: null,
    city: 'Portland',
    state_cd: 'OR',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    portal_id: 1,
    party_id: 81000101,
    user_type: 'NEW',
    created_days_ago: 1,
    subscriptions: [
      {
        slot: SKU_SLOT.fullTrial,
        status_cd: 'PEND',
        subscription_type_cd: 'PEND',
        started_days_ago: 0,
        ends_in_days: 14,
        renews: true,
        charges: [],
      },
    ],
    documents: [],
    preferences: {},
    reviewOrders: [],
    freeReview: null,
  },
  {
    persona_id: null,
    user_uid: personaUid(102),
    account_id: '100000102',
    first_name: 'Ray',
    last_name: 'Torres',
    email_address: 'ray.torres@example.com',
    role: 'user',
    sub_role: null,
    city: 'Miami',
    state_cd: 'FL',
    country_cd: 'US',
    culture_cd: 'en-US',
    currency_cd: 'USD',
    currency_symbol: '$',
    portal_id: 1,
    party_id: 81000102,
    user_type: 'SUSP',
    created_days_ago: 33,
    subscriptions: [
      {
        slot: SKU_SLOT.monthly,
        status_cd: 'RTRY',
        subscription_type_cd: 'AUTO',
        started_days_ago: 31,
        ends_in_days: 0,
        renews: true,
        charges: [{ type: 'SALE', amount: 'trial', days_ago: 31, period_days: 14, card: 'VISA', last4: '9995' }],
      },
    ],
    documents: [],
    preferences: {},
    reviewOrders: [],
    freeReview: null,
  },
];

export const personaSkuId = (persona: PersonaSeed, slot: number) => skuIdFor(persona.portal_id, slot);
