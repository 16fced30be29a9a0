/**
 * Pure rules of the services a person can buy besides a plan (spec §1 "resume review, tune-up
 * and writing services", §2 "Other screens": the intake pages chosen by product id) and of the
 * intake that tells the writer what the person wants.
 */
import type { ServiceKind } from './service-products.rules';

// ---------------------------------------------------------------------------------------
// The intake's answers

export interface IntakeAnswers {
  /** The job the document should win. */
  targetJobTitle: string;
  /** Years of experience in that line of work (tune-up and writing). */
  yearsExperience: number | null;
  /** The industry the person works in (writing). */
  industry: string;
  /** The company the letter is for (cover-letter writing). */
  companyName: string;
  /** Anything else the writer should know; optional everywhere. */
  comments: string;
}

export type IntakeField = keyof IntakeAnswers;

export const EMPTY_ANSWERS: IntakeAnswers = {
  targetJobTitle: '',
  yearsExperience: null,
  industry: '',
  companyName: '',
  comments: '',
};

/** What the person typed, field by field, exactly as typed. */
export type IntakeDraft = Record<IntakeField, string>;

export const EMPTY_DRAFT: IntakeDraft = {
  targetJobTitle: '',
  yearsExperience: '',
  industry: '',
  companyName: '',
  comments: '',
};

/** The answers a draft stands for: years as a number (NaN when it is not one, null when empty). */
export function answersOf(draft: IntakeDraft): IntakeAnswers {
  const years = draft.yearsExperience.trim();
  return {
    targetJobTitle: draft.targetJobTitle,
    yearsExperience: years === '' ? null : /^[+-]?\d+(\.\d+)?$/.test(years) ? Number(years) : Number.NaN,
    industry: draft.industry,
    companyName: draft.companyName,
    comments: draft.comments,
  };
}

/** Stored answers shown again as a draft. */
export const draftOf = (answers: IntakeAnswers): IntakeDraft => ({
  ...answers,
  yearsExperience: answers.yearsExperience === null ? '' : String(answers.yearsExperience),
});

/** The fields each service asks for, in the order the page shows them. */
export const INTAKE_FIELDS: Record<ServiceKind, readonly IntakeField[]> = {
  resumeReview: ['targetJobTitle', 'comments'],
  tuneUp: ['targetJobTitle', 'yearsExperience', 'comments'],
  resumeWriting: ['targetJobTitle', 'yearsExperience', 'industry', 'comments'],
  coverLetterWriting: ['targetJobTitle', 'companyName', 'comments'],
};

export const INTAKE_LIMITS = {
  textMin: 2,
  textMax: 100,
  commentsMax: 1000,
  yearsMin: 0,
  yearsMax: 60,
} as const;

/** Why a field is refused; the page turns each code into a localized message. */
export type IntakeFieldError = 'required' | 'tooShort' | 'tooLong' | 'notWholeYears' | 'outOfRange';

export type IntakeErrors = Partial<Record<IntakeField, IntakeFieldError>>;

function textError(value: string, max: number, required: boolean): IntakeFieldError | null {
  const trimmed = value.trim();
  if (trimmed === '') return required ? 'required' : null;
  if (trimmed.length < INTAKE_LIMITS.textMin && required) return 'tooShort';
  if (trimmed.length > max) return 'tooLong';
  return null;
}

function yearsError(value: number | null): IntakeFieldError | null {
  if (value === null) return 'required';
  if (!Number.isInteger(value)) return 'notWholeYears';
  if (value < INTAKE_LIMITS.yearsMin || value > INTAKE_LIMITS.yearsMax) return 'outOfRange';
  return null;
}

/** One field's rule: whether it must be answered, and the bounds its messages name (years, or characters). */
export function intakeFieldRule(field: IntakeField): { required: boolean; min: number; max: number } {
  if (field === 'yearsExperience') return { required: true, min: INTAKE_LIMITS.yearsMin, max: INTAKE_LIMITS.yearsMax };
  if (field === 'comments') return { required: false, min: INTAKE_LIMITS.textMin, max: INTAKE_LIMITS.commentsMax };
  return { required: true, min: INTAKE_LIMITS.textMin, max: INTAKE_LIMITS.textMax };
}

/** What is wrong with the answers for this service: every field it asks for is required but the comments. */
export function intakeErrors(kind: ServiceKind, answers: IntakeAnswers): IntakeErrors {
  const errors: IntakeErrors = {};
  for (const field of INTAKE_FIELDS[kind]) {
    const rule = intakeFieldRule(field);
    const error =
      field === 'yearsExperience'
        ? yearsError(answers.yearsExperience)
        : textError(answers[field], rule.max, rule.required);
    if (error) errors[field] = error;
  }
  return errors;
}

export const areAnswersValid = (kind: ServiceKind, answers: IntakeAnswers): boolean =>
  Object.keys(intakeErrors(kind, answers)).length === 0;

/** The answers as stored: trimmed, and only the fields this service asks for. */
export function normalizedAnswers(kind: ServiceKind, answers: IntakeAnswers): IntakeAnswers {
  const fields = INTAKE_FIELDS[kind];
  const keep = (field: IntakeField) => fields.includes(field);
  return {
    targetJobTitle: answers.targetJobTitle.trim(),
    yearsExperience: keep('yearsExperience') ? answers.yearsExperience : null,
    industry: keep('industry') ? answers.industry.trim() : '',
    companyName: keep('companyName') ? answers.companyName.trim() : '',
    comments: answers.comments.trim(),
  };
}

/** A failed send: refused answers (the server names the fields) are corrected, anything else is retried. */
export type IntakeSendFailure = { kind: 'rejected'; errors: IntakeErrors } | { kind: 'unavailable' };

export function sendFailureOf(error: unknown): IntakeSendFailure {
  const e = typeof error === 'object' && error !== null ? (error as { kind?: unknown; fields?: unknown }) : {};
  if (e.kind === 'rejected' && typeof e.fields === 'object' && e.fields !== null) {
    const errors: IntakeErrors = {};
    for (const [path, value] of Object.entries(e.fields as Record<string, unknown>)) {
      // The server names a field by its path in the body (`answers.targetJobTitle`).
      const field = path.split('.').pop()!;
      if (field in EMPTY_ANSWERS) errors[field as IntakeField] = isFieldError(value) ? value : 'required';
    }
    if (Object.keys(errors).length > 0) return { kind: 'rejected', errors };
  }
  return { kind: 'unavailable' };
}

const FIELD_ERRORS: readonly IntakeFieldError[] = ['required', 'tooShort', 'tooLong', 'notWholeYears', 'outOfRange'];
const isFieldError = (value: unknown): value is IntakeFieldError =>
  typeof value === 'string' && (FIELD_ERRORS as readonly string[]).includes(value);

/** Where the intake stands when the page opens: none bought, waiting for answers, or answered. */
export type IntakeStatus = 'notPurchased' | 'awaitingAnswers' | 'answered';
