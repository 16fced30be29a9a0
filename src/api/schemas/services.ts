import * as z from 'zod/mini';
import { uuid } from './common';
import { idText, positiveBigId, text } from './blocks';
import {
  INTAKE_FIELDS,
  INTAKE_LIMITS,
  intakeFieldRule,
  type IntakeField,
} from '../../../machines/service-intake.rules';
import { serviceKindOf } from '../../../machines/service-products.rules';

/** The product code of a service (spec §1): resume review, tune-up, resume writing, cover-letter writing. */
export const serviceCode = z.enum(['RSMRVW', 'RSTUNE', 'RSWRIT', 'CLWRIT']);
export type ServiceCode = z.infer<typeof serviceCode>;

/** What the intake asks and answers; which fields a service requires is in `intakeBody`. */
export const intakeAnswers = z.object({
  targetJobTitle: text({ max: INTAKE_LIMITS.textMax }),
  yearsExperience: z.nullable(z.int().check(z.minimum(INTAKE_LIMITS.yearsMin), z.maximum(INTAKE_LIMITS.yearsMax))),
  industry: text({ max: INTAKE_LIMITS.textMax }),
  companyName: text({ max: INTAKE_LIMITS.textMax }),
  comments: text({ max: INTAKE_LIMITS.commentsMax, multiline: true }),
});
export type IntakeAnswersBody = z.infer<typeof intakeAnswers>;

export const intakeUserParam = z.object({ userId: uuid });

export const intakeQuery = z.object({
  service: serviceCode,
  /** The sale the intake is for (the confirmation's `orderid`); without it, the person's latest order of the service. */
  orderid: z.optional(idText('bigint')),
});

/**
 * A field the service asks for must be answered: at least `min` characters once trimmed, which
 * the pattern says (two non-space characters with anything between them). The message names the
 * rule the intake page shows (machines/service-intake.rules.ts).
 */
const answeredText = (max: number) =>
  text({ max }).check(
    z.regex(new RegExp(`\\S[\\s\\S]{${INTAKE_LIMITS.textMin - 2},}\\S`), {
      error: (issue) => (typeof issue.input === 'string' && issue.input.trim() === '' ? 'required' : 'tooShort'),
    }),
    // Implied by the pattern; said as a length too, for a client that reads lengths only.
    z.minLength(INTAKE_LIMITS.textMin, 'tooShort'),
  );

/** The answers one service takes: the fields it asks for are required (comments never are), the others as for any. */
function serviceAnswers(service: ServiceCode) {
  const asked = new Set<IntakeField>(INTAKE_FIELDS[serviceKindOf(service)!]);
  const { shape } = intakeAnswers;
  const answered = (name: 'targetJobTitle' | 'industry' | 'companyName') =>
    asked.has(name) ? answeredText(intakeFieldRule(name).max) : shape[name];
  const years = intakeFieldRule('yearsExperience');
  return z.object({
    targetJobTitle: answered('targetJobTitle'),
    yearsExperience: asked.has('yearsExperience')
      ? z.int('required').check(z.minimum(years.min), z.maximum(years.max))
      : shape.yearsExperience,
    industry: answered('industry'),
    companyName: answered('companyName'),
    comments: shape.comments,
  });
}

const intakeOf = (service: ServiceCode) =>
  z.object({
    service: z.literal(service),
    order_id: z.optional(z.nullable(positiveBigId)),
    answers: serviceAnswers(service),
  });

/** One kind of body per service (oneOf in the document), each requiring the answers that service asks for. */
export const intakeBody = z.discriminatedUnion('service', [
  intakeOf('RSMRVW'),
  intakeOf('RSTUNE'),
  intakeOf('RSWRIT'),
  intakeOf('CLWRIT'),
]);
export type IntakeBody = z.input<typeof intakeBody>;

/** Where a person's intake for a service stands, and what to buy when they have no order of it. */
export const intakeState = z.object({
  Service: serviceCode,
  Status: z.enum(['notPurchased', 'awaitingAnswers', 'answered']),
  /** The sale the intake belongs to; null for a free review (claimed, not bought) or when nothing was bought. */
  OrderID: z.nullable(z.int()),
  /** The review order, for a resume review. */
  ReviewOrderID: z.nullable(z.int()),
  Answers: z.nullable(intakeAnswers),
  AnsweredAt: z.nullable(z.string()),
  /** The service's SKU in the person's market, to buy it at checkout; null where it is not sold. */
  SkuID: z.nullable(z.int()),
  FormattedPrice: z.nullable(z.string()),
});
export type IntakeState = z.infer<typeof intakeState>;
