import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/**
 * Questions at checkout (issue 25 §1, decision 078). An event's organiser asks its buyers
 * questions; the checkout asks them after the buyer's details, and the same contract
 * (`answersContract`) checks the answers in the browser and on the server.
 *
 * A question is asked once per order or once per ticket (tickets are numbered 1..quantity
 * in the order of the order's lines), for every ticket type or some, and may be shown only
 * when an earlier question's answer is a given value (one level).
 */
export const QUESTION_KINDS = [
  'short_text',
  'long_text',
  'one_choice',
  'many_choices',
  'yes_no',
  'date',
  'phone',
  'email',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  one_choice: 'One choice',
  many_choices: 'Several choices',
  yes_no: 'Yes / no',
  date: 'Date',
  phone: 'Phone',
  email: 'Email',
};

export const QUESTION_SCOPES = ['order', 'ticket'] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];

export const QUESTION_LIMITS = {
  perEvent: 30,
  labelMax: 200,
  optionsMax: 20,
  optionMax: 80,
  shortTextMax: 200,
  longTextMax: 2000,
} as const;

/** The answers a yes/no question takes. */
export const YES_NO = ['Yes', 'No'] as const;

const CHOICE_KINDS: readonly QuestionKind[] = ['one_choice', 'many_choices'];
/** Questions another may depend on: their answer is one of a known list. */
export const CONDITION_KINDS: readonly QuestionKind[] = ['one_choice', 'yes_no'];

/**
 * Which answers are names, searched at the door (decision 078): short-text answers to a
 * question whose label has the word "name" in it ("Attendee name", "Name on the ticket").
 */
export const isNameQuestion = (q: { kind: QuestionKind; label: string }): boolean =>
  q.kind === 'short_text' && /\bnames?\b/i.test(q.label);

/** The values a condition may name for the question it depends on. */
export const conditionValues = (q: { kind: QuestionKind; options: string[] }): string[] =>
  q.kind === 'yes_no' ? [...YES_NO] : q.kind === 'one_choice' ? q.options : [];

// The organiser's side -----------------------------------------------------------------------

const questionBody = z.object({
  /** Kept by the browser for a question already saved (and given to a new one). */
  id: z.uuid({ error: 'Question is not recognised.' }),
  label: z
    .string({ error: 'Question is required.' })
    .trim()
    .min(1, 'Question is required.')
    .max(
      QUESTION_LIMITS.labelMax,
      `Question must be at most ${QUESTION_LIMITS.labelMax} characters.`,
    ),
  kind: z.enum(QUESTION_KINDS, { error: 'Choose what kind of answer the question takes.' }),
  required: z.boolean().default(false),
  per: z.enum(QUESTION_SCOPES, { error: 'Ask it once per order or once per ticket.' }),
  options: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A choice cannot be empty.')
        .max(
          QUESTION_LIMITS.optionMax,
          `A choice must be at most ${QUESTION_LIMITS.optionMax} characters.`,
        ),
    )
    .max(QUESTION_LIMITS.optionsMax, `At most ${QUESTION_LIMITS.optionsMax} choices.`)
    .default([]),
  /** Empty: every ticket type. */
  ticketTypeIds: z
    .array(z.uuid({ error: 'Ticket type is not recognised.' }))
    .max(50)
    .default([]),
  showIf: z
    .object({
      questionId: z.uuid({ error: 'Question is not recognised.' }),
      equals: z.string().trim().min(1, 'Choose the answer that shows this question.').max(80),
    })
    .nullable()
    .default(null),
});

/**
 * The event's questions as the organiser saves them, in order: the whole list each time
 * (a question left out is removed; its answers stay readable under its label).
 */
export const saveQuestionsBody = z
  .object({
    questions: z
      .array(questionBody)
      .max(QUESTION_LIMITS.perEvent, `At most ${QUESTION_LIMITS.perEvent} questions.`),
  })
  .superRefine((body, ctx) => {
    const seen = new Map<string, z.output<typeof questionBody>>();
    body.questions.forEach((q, i) => {
      const at = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path: ['questions', i, ...path], message });
      if (seen.has(q.id)) at(['id'], 'Each question may appear once.');
      if (CHOICE_KINDS.includes(q.kind)) {
        if (q.options.length < 2) at(['options'], 'Give at least two choices.');
        if (new Set(q.options).size !== q.options.length)
          at(['options'], 'Each choice may appear once.');
      }
      if (q.showIf) {
        const on = seen.get(q.showIf.questionId);
        if (!on) at(['showIf', 'questionId'], 'A question can only depend on one before it.');
        else if (on.showIf)
          at(['showIf', 'questionId'], 'A question can only depend on one that is always shown.');
        else if (!CONDITION_KINDS.includes(on.kind))
          at(['showIf', 'questionId'], 'A question can only depend on a choice or a yes/no.');
        else if (on.per === 'ticket' && q.per === 'order')
          at(['showIf', 'questionId'], 'A question per order cannot depend on one per ticket.');
        else if (!conditionValues(on).includes(q.showIf.equals))
          at(['showIf', 'equals'], 'Choose one of that question’s answers.');
      }
      seen.set(q.id, q);
    });
  });
export type SaveQuestionsBody = z.input<typeof saveQuestionsBody>;
export type QuestionInput = z.input<typeof questionBody>;

export const questionDto = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  required: z.boolean(),
  per: z.enum(QUESTION_SCOPES),
  options: z.array(z.string()),
  ticketTypeIds: z.array(z.string()),
  showIf: z.object({ questionId: z.string(), equals: z.string() }).nullable(),
});
export type QuestionDto = z.infer<typeof questionDto>;

export const questionsResponse = z.object({
  data: z.array(questionDto),
  message: z.string().optional(),
});

// The buyer's side -------------------------------------------------------------------------

/** The key of an answer: the question's id, and `#n` for the order's n-th ticket. */
export const answerKey = (questionId: string, ticket: number | null): string =>
  ticket === null ? questionId : `${questionId}#${ticket}`;

/** The answers as the checkout sends them: keyed by `answerKey`; several choices as a list. */
export const answersBody = z
  .record(
    z.string().max(60),
    z.union([
      z.string().max(QUESTION_LIMITS.longTextMax, 'That answer is too long.'),
      z.array(z.string().max(QUESTION_LIMITS.optionMax)).max(QUESTION_LIMITS.optionsMax),
    ]),
  )
  .refine((r) => Object.keys(r).length <= 500, 'Too many answers.');
export type AnswersBody = z.input<typeof answersBody>;

/** One question as one order asks it: for the order, or for its n-th ticket. */
export interface AskedQuestion {
  key: string;
  question: QuestionDto;
  /** 1..quantity, or null for once per order. */
  ticket: number | null;
  ticketTypeId: string | null;
  /** The ticket type's name, for the per-ticket heading ("Ticket 2 · VIP"). */
  ticketTypeName: string | null;
}

/**
 * The questions an order of these lines asks, in order: each per-order question whose types
 * the basket has (or all types), then per ticket (1..quantity, in the lines' order) each
 * per-ticket question of that ticket's type.
 */
export function askedQuestions(
  questions: readonly QuestionDto[],
  lines: readonly { ticketTypeId: string; quantity: number; name?: string | undefined }[],
): AskedQuestion[] {
  const applies = (q: QuestionDto, typeId: string) =>
    q.ticketTypeIds.length === 0 || q.ticketTypeIds.includes(typeId);
  const asked: AskedQuestion[] = [];
  for (const q of questions) {
    if (q.per !== 'order') continue;
    if (!lines.some((l) => applies(q, l.ticketTypeId))) continue;
    asked.push({
      key: answerKey(q.id, null),
      question: q,
      ticket: null,
      ticketTypeId: null,
      ticketTypeName: null,
    });
  }
  let ticket = 0;
  for (const line of lines) {
    for (let n = 0; n < line.quantity; n++) {
      ticket += 1;
      for (const q of questions) {
        if (q.per !== 'ticket' || !applies(q, line.ticketTypeId)) continue;
        asked.push({
          key: answerKey(q.id, ticket),
          question: q,
          ticket,
          ticketTypeId: line.ticketTypeId,
          ticketTypeName: line.name ?? null,
        });
      }
    }
  }
  return asked;
}

/** Whether an asked question is shown, given the answers so far (one level of conditions). */
export function isShown(asked: AskedQuestion, answers: Readonly<Record<string, unknown>>): boolean {
  const cond = asked.question.showIf;
  if (!cond) return true;
  // A per-ticket question depends on the same ticket's answer, or on the order's.
  const value =
    answers[answerKey(cond.questionId, asked.ticket)] ?? answers[answerKey(cond.questionId, null)];
  return value === cond.equals;
}

/** A checked answer, as it is kept with the order. */
export interface CheckedAnswer {
  questionId: string;
  ticket: number | null;
  ticketTypeId: string | null;
  label: string;
  value: string;
}

const PHONE = /^\+?[0-9 ()-]{7,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `"{label}" needs an answer.` — the sentence for a required question left empty. */
export const answerRequired = (label: string) => `"${label}" needs an answer.`;

function answerRule(q: QuestionDto) {
  const text = (max: number) =>
    z.string().trim().max(max, `"${q.label}": at most ${max} characters.`);
  switch (q.kind) {
    case 'short_text':
    case 'phone':
    case 'email':
    case 'date':
      return text(
        q.kind === 'short_text' ? QUESTION_LIMITS.shortTextMax : LIMITS.emailMax,
      ).superRefine((v, ctx) => {
        if (v === '') return;
        if (q.kind === 'email' && !z.email().safeParse(v).success)
          ctx.addIssue({ code: 'custom', message: 'Please enter a valid email address.' });
        if (q.kind === 'phone' && !PHONE.test(v))
          ctx.addIssue({ code: 'custom', message: 'Please enter a valid phone number.' });
        if (q.kind === 'date' && (!DATE.test(v) || Number.isNaN(Date.parse(v))))
          ctx.addIssue({ code: 'custom', message: 'Please enter a date.' });
      });
    case 'long_text':
      return text(QUESTION_LIMITS.longTextMax);
    case 'one_choice':
    case 'yes_no': {
      const allowed = q.kind === 'yes_no' ? [...YES_NO] : q.options;
      return z
        .string()
        .refine((v) => v === '' || allowed.includes(v), 'Choose one of the answers.');
    }
    case 'many_choices':
      return z
        .array(z.string())
        .refine((v) => v.every((c) => q.options.includes(c)), 'Choose among the answers.');
  }
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/**
 * The one contract for an order's answers (web form and server alike): for the questions
 * this order asks, each shown question's answer is checked by its kind, a required shown
 * question must be answered (`answerRequired`), and answers to questions not asked or not
 * shown are dropped. Parses to the answers to keep.
 */
export function answersContract(
  questions: readonly QuestionDto[],
  lines: readonly { ticketTypeId: string; quantity: number; name?: string | undefined }[],
) {
  const asked = askedQuestions(questions, lines);
  return z
    .record(z.string(), z.unknown())
    .optional()
    .transform((given, ctx): CheckedAnswer[] => {
      const answers = given ?? {};
      const kept: CheckedAnswer[] = [];
      for (const a of asked) {
        if (!isShown(a, answers)) continue;
        const raw = answers[a.key];
        if (isEmpty(raw)) {
          if (a.question.required)
            ctx.addIssue({
              code: 'custom',
              path: [a.key],
              message: answerRequired(a.question.label),
            });
          continue;
        }
        const parsed = answerRule(a.question).safeParse(raw);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: 'custom', path: [a.key], message: issue.message });
          continue;
        }
        const value = Array.isArray(parsed.data) ? parsed.data.join(', ') : parsed.data;
        if (value === '') continue;
        kept.push({
          questionId: a.question.id,
          ticket: a.ticket,
          ticketTypeId: a.ticketTypeId,
          label: a.question.label,
          value,
        });
      }
      return kept;
    });
}

/** An answer as the organiser reads it (order drawer): under the label it was given with. */
export const orderAnswerDto = z.object({
  questionId: z.string(),
  label: z.string(),
  /** 1..quantity; null: asked once for the order. */
  ticket: z.number().nullable(),
  ticketType: z.string().nullable(),
  value: z.string(),
});
export type OrderAnswerDto = z.infer<typeof orderAnswerDto>;
