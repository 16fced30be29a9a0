import * as z from 'zod/mini';
import { uuid } from './common';
import { idText, positiveBigId, text } from './blocks';
import { INTAKE_LIMITS } from '../../../machines/service-intake.rules';

/** The product code of a service (spec §1): resume review, tune-up, resume writing, cover-letter writing. */
export const serviceCode = z.enum(['RSMRVW', 'RSTUNE', 'RSWRIT', 'CLWRIT']);
export type ServiceCode = z.infer<typeof serviceCode>;

/** What the intake asks; which fields a service requires is checked by `intakeErrors` (machines/service-intake.rules.ts). */
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

export const intakeBody = z.object({
  service: serviceCode,
  order_id: z.optional(z.nullable(positiveBigId)),
  answers: intakeAnswers,
});
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
