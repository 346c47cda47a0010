import { describe, expect, it } from 'vitest';
import {
  answerKey,
  answersContract,
  askedQuestions,
  isNameQuestion,
  saveQuestionsBody,
  type QuestionDto,
} from './contracts/questions.ts';

const q = (over: Partial<QuestionDto> & Pick<QuestionDto, 'id' | 'label'>): QuestionDto => ({
  kind: 'short_text',
  required: false,
  per: 'order',
  options: [],
  ticketTypeIds: [],
  showIf: null,
  ...over,
});

const VIP = 'vip';
const REG = 'reg';
const diet = q({
  id: 'diet',
  label: 'Dietary needs',
  kind: 'one_choice',
  per: 'ticket',
  required: true,
  options: ['None', 'Allergy'],
});
const allergy = q({
  id: 'allergy',
  label: 'Which allergy?',
  per: 'ticket',
  required: true,
  showIf: { questionId: 'diet', equals: 'Allergy' },
});
const guest = q({ id: 'guest', label: 'Guest name', per: 'ticket', ticketTypeIds: [VIP] });
const company = q({ id: 'company', label: 'Company', kind: 'email' });
const questions = [company, diet, allergy, guest];
const lines = [
  { ticketTypeId: REG, quantity: 2, name: 'Regular' },
  { ticketTypeId: VIP, quantity: 1, name: 'VIP' },
];

describe('questions at checkout: the one contract', () => {
  it('numbers tickets 1..quantity in the lines’ order and asks per type', () => {
    const asked = askedQuestions(questions, lines).map((a) => a.key);
    expect(asked).toEqual([
      'company',
      'diet#1',
      'allergy#1',
      'diet#2',
      'allergy#2',
      'diet#3',
      'allergy#3',
      'guest#3',
    ]);
  });

  it('requires shown required questions, skips hidden ones and drops what was not asked', () => {
    const contract = answersContract(questions, lines);
    const missing = contract.safeParse({ 'diet#1': 'None', 'diet#2': 'Allergy', 'diet#3': 'None' });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['allergy#2', '"Which allergy?" needs an answer.'],
    ]);
    const ok = contract.parse({
      [answerKey('diet', 1)]: 'None',
      'allergy#1': 'not shown: dropped',
      'diet#2': 'Allergy',
      'allergy#2': ' Peanuts ',
      'diet#3': 'None',
      'guest#3': 'Ada Obi',
      'guest#1': 'not asked of a Regular ticket: dropped',
    });
    expect(ok.map((a) => `${a.questionId}#${a.ticket ?? 0}=${a.value}`)).toEqual([
      'diet#1=None',
      'diet#2=Allergy',
      'allergy#2=Peanuts',
      'diet#3=None',
      'guest#3=Ada Obi',
    ]);
    expect(ok.find((a) => a.questionId === 'guest')!.ticketTypeId).toBe(VIP);
  });

  it('checks each kind: a choice among the options, an email, a date', () => {
    const contract = answersContract(
      [company, q({ id: 'd', label: 'Birthday', kind: 'date' }), diet],
      [{ ticketTypeId: REG, quantity: 1 }],
    );
    const bad = contract.safeParse({ company: 'nope', d: '31/12/2000', 'diet#1': 'Cake' });
    expect(bad.error!.issues.map((i) => i.message)).toEqual([
      'Please enter a valid email address.',
      'Please enter a date.',
      'Choose one of the answers.',
    ]);
  });

  it('refuses a condition on a later, conditional or free-text question', () => {
    const later = saveQuestionsBody.safeParse({
      questions: [
        {
          ...allergy,
          id: crypto.randomUUID(),
          showIf: { questionId: crypto.randomUUID(), equals: 'x' },
        },
      ],
    });
    expect(later.error!.issues[0]!.message).toBe('A question can only depend on one before it.');
    const a = crypto.randomUUID();
    const onText = saveQuestionsBody.safeParse({
      questions: [
        { id: a, label: 'Company', kind: 'short_text', per: 'order' },
        {
          id: crypto.randomUUID(),
          label: 'B',
          kind: 'short_text',
          per: 'order',
          showIf: { questionId: a, equals: 'x' },
        },
      ],
    });
    expect(onText.error!.issues[0]!.message).toBe(
      'A question can only depend on a choice or a yes/no.',
    );
  });

  it('a name question is short text with "name" in its label', () => {
    expect(isNameQuestion(guest)).toBe(true);
    expect(isNameQuestion(q({ id: 'x', label: 'Name on the ticket' }))).toBe(true);
    expect(isNameQuestion(q({ id: 'x', label: 'Company' }))).toBe(false);
    expect(isNameQuestion(q({ id: 'x', label: 'Guest name', kind: 'long_text' }))).toBe(false);
    expect(isNameQuestion(q({ id: 'x', label: 'Renamed' }))).toBe(false);
  });
});
