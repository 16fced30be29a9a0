/** The shared error responses, by status: all carry the one error body. */
export const ERROR_RESPONSES: Record<number, { name: string; description: string; retryAfter?: boolean }> = {
  400: {
    name: 'BadRequest',
    description: 'The input is wrong: `fields` names each bad field (`body` when the whole body is).',
  },
  401: { name: 'Unauthenticated', description: 'No one is signed in: this call needs a session.' },
  403: {
    name: 'Forbidden',
    description: "The record belongs to another user, or an unsafe request came from another site's page.",
  },
  404: { name: 'NotFound', description: 'There is no such record, or the call is switched off on this server.' },
  409: { name: 'Conflict', description: 'The record is in a state that does not allow this.' },
  413: { name: 'PayloadTooLarge', description: "The body is over this call's limit; it was not read." },
  415: {
    name: 'UnsupportedMediaType',
    description:
      'The body was sent in a media type this call does not take (see its requestBody), or with a charset other than UTF-8, or with no Content-Type; it was not parsed.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many requests from this client: wait for Retry-After seconds.',
    retryAfter: true,
  },
  500: { name: 'InternalError', description: 'An unexpected fault on the server.' },
  503: {
    name: 'Unavailable',
    description: 'The database does not answer: try again after Retry-After seconds.',
    retryAfter: true,
  },
};

/** What each group of calls is about; the tag is the path's first segment under the API base. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  users: 'Who is signed in, their preferences and the stages they reached.',
  demo: 'Demo sign-in as a seeded persona, and the e-mails the server would have sent. Answers 404 where demo sign-in is off.',
  skus: 'The plans on sale.',
  payments: 'Paying for a plan, the billing details and the billing history.',
  subscriptions:
    'Subscriptions: keeping them with a save offer, pausing, cancelling, and the logged-out cancellation request.',
  documents: "The signed-in user's resumes and cover letters.",
  pages: 'What each page of the app needs to start.',
  config: 'Remote configuration, support contacts and where the app finds things.',
  captcha: 'Proof-of-work challenges for the forms open to guests.',
  events: 'Analytics events.',
  log: "Error reports from people's browsers.",
  flows:
    'The flow explorer: the transitions the app’s machines take, their counts per edge and state by day and segment, the simulator of what a persona would see on the purchase and cancellation paths, and the explorer’s page. The reads, the simulator and the page answer 404 in production unless FLOWS_EXPLORER=1, and 401 without FLOWS_TOKEN when it is set.',
  jobs: 'Job postings, for the job-apply flow.',
  services:
    'The intake of the services a person bought: resume review, tune-up, resume writing and cover-letter writing.',
  winback:
    'Winning back a person whose plan has lapsed: where they stand, and the days since they left that pick their offers.',
  upsell:
    'The upsell offers survey: why the add-ons after a purchase were turned down, one answer per upsell sequence.',
  health: 'Whether the server and its database answer, for a load balancer.',
  docs: 'This document and its reference page.',
  sandbox: 'The payment sandbox: the card frame and the approval page of the other payment methods.',
  dashboard: "The demo server's stand-in for the resume builder's dashboard.",
  app: "The app's pages.",
};
