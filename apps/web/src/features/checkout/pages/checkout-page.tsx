import {
  answersContract,
  askedQuestions,
  buyerBody,
  type BuyerBody,
  type PublicEventDto,
  type PublicTicketTypeDto,
  type QuoteBody,
  type UserDto,
} from '@gatepass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ShieldCheckIcon, TicketIcon } from '../../../components/ui/icons.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { rememberSource } from '../../../lib/source.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useCheckoutEvent } from '../api/get-event.ts';
import { useCheckoutQuestions } from '../api/get-questions.ts';
import { QuestionsForm, type Answers } from '../components/questions-form.tsx';
import { queueInstead } from '../api/get-queue-status.ts';
import { orderQueryKey } from '../api/get-order.ts';
import { quoteOrder, useQuote } from '../api/quote-order.ts';
import { BUYER_FIELDS, BuyerForm } from '../components/buyer-form.tsx';
import { CheckoutTicketNames } from '../components/checkout-ticket-names.tsx';
import { checkoutNamesForm, ticketNamesOf, ticketSlots } from '../lib/ticket-names.ts';
import { useContractForm } from '../../../components/ui/form.tsx';
import { CheckoutHeader } from '../components/checkout-header.tsx';
import {
  BrowseEventsLink,
  CheckoutBody,
  CheckoutCard,
  CheckoutMessage,
} from '../components/checkout-panel.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { PromoCodeField } from '../components/promo-code-field.tsx';
import { TicketPicker } from '../components/ticket-picker.tsx';
import { inlineOrToast, waitingRoomQueue } from '../lib/api-errors.ts';
import {
  basketLines,
  initialQuantities,
  itemsParam,
  linkChanges,
  parseItemsParam,
  type Quantities,
} from '../lib/basket.ts';
import { useGoToPage } from '../lib/go-to-page.ts';
import { splitFullName } from '../lib/names.ts';
import { amountProblem, firstAmounts, withAmounts, type Amounts } from '../lib/amounts.ts';
import { useUnlockedTicketTypes } from '../../../lib/queries/access-codes.ts';

const NO_TYPES: PublicTicketTypeDto[] = [];

/** The server's refusals of answers (`answers.{key}`), by answer key. */
function answerIssues(err: unknown): Record<string, string> {
  const { details } = readApiFailure(err);
  const issues =
    details && typeof details === 'object' && 'issues' in details
      ? (details as { issues: unknown }).issues
      : undefined;
  const found: Record<string, string> = {};
  if (!Array.isArray(issues)) return found;
  for (const issue of issues as { field?: unknown; message?: unknown }[]) {
    if (typeof issue.field !== 'string' || typeof issue.message !== 'string') continue;
    if (issue.field.startsWith('answers.')) found[issue.field.slice(8)] ??= issue.message;
  }
  return found;
}

interface SessionSlice {
  auth: { loggedIn: boolean; user: UserDto | null };
}

/** The buyer's details, prefilled from the signed-in account (guests type them). */
function initialBuyer(user: UserDto | null): BuyerBody {
  const { firstName, lastName } = splitFullName(user?.fullName);
  return { firstName, lastName, email: user?.email ?? '', phone: user?.phoneNumber ?? '' };
}

/**
 * /checkout/{eventId}?slug=…&items=…: tickets, buyer details, promo code and the server's
 * price; "Continue to payment" holds the tickets (free orders complete at once).
 */
export function CheckoutPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  const slug = params.get('slug');
  const eventQuery = useCheckoutEvent(slug);
  const event = eventQuery.data;
  // Hidden ticket types the link's access code unlocks (decision 087).
  const access = params.get('access');
  const unlock = useUnlockedTicketTypes(slug ?? '', slug ? access : null);

  let body;
  if (!slug) {
    body = (
      <CheckoutMessage
        icon={TicketIcon}
        title="This checkout link is incomplete"
        role="alert"
        actions={<BrowseEventsLink primary />}
      >
        Open the event's page and choose your tickets there.
      </CheckoutMessage>
    );
  } else if (eventQuery.isPending || (access && unlock.isPending)) {
    body = <BlockSpinner label="Loading the event…" className="py-24" />;
  } else if (eventQuery.isError || !event || event.id !== eventId) {
    const failure = readApiFailure(eventQuery.error);
    body = (
      <CheckoutMessage
        icon={TicketIcon}
        tone="amber"
        role="alert"
        title={
          failure.status === undefined && eventQuery.isError
            ? 'We could not load this event'
            : 'This event was not found'
        }
        actions={
          <>
            {eventQuery.isError && failure.status === undefined ? (
              <Button onClick={() => void eventQuery.refetch()}>Try again</Button>
            ) : null}
            <BrowseEventsLink />
          </>
        }
      >
        {failure.status === undefined && eventQuery.isError
          ? 'Check your connection and try again.'
          : 'It may have been removed, or the link is wrong.'}
      </CheckoutMessage>
    );
  } else if (event.status === 'cancelled' || event.ended) {
    body = (
      <CheckoutMessage
        icon={TicketIcon}
        tone="amber"
        role="alert"
        title={event.status === 'cancelled' ? 'This event was cancelled' : 'This event has ended'}
        actions={
          <Link to={paths.event(event.slug)} className={buttonClasses('secondary')}>
            Back to the event
          </Link>
        }
      >
        Tickets are no longer sold.
      </CheckoutMessage>
    );
  } else {
    return (
      <CheckoutForm
        key={event.id}
        event={event}
        fromLink={params.get('items')}
        unlocked={unlock.data?.ticketTypes ?? NO_TYPES}
        accessCode={unlock.data?.code ?? null}
      />
    );
  }

  return (
    <>
      <CheckoutHeader event={event ?? null} step="Tickets" />
      <CheckoutBody width="3xl">{body}</CheckoutBody>
    </>
  );
}

function CheckoutForm({
  event,
  fromLink,
  unlocked,
  accessCode,
}: {
  event: PublicEventDto;
  fromLink: string | null;
  unlocked: PublicTicketTypeDto[];
  accessCode: string | null;
}) {
  const navigate = useNavigate();
  const goToPage = useGoToPage();
  const location = useLocation();
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const session = useSelector((state: SessionSlice) => state.auth);

  const ticketTypes = useMemo(() => [...event.ticketTypes, ...unlocked], [event, unlocked]);
  const [quantities, setQuantities] = useState<Quantities>(() =>
    initialQuantities(ticketTypes, parseItemsParam(fromLink)),
  );
  // What the link asked for and this page could not give, said once on arrival.
  const [changedFromLink, setChangedFromLink] = useState<string[]>(() =>
    linkChanges(ticketTypes, parseItemsParam(fromLink)),
  );
  // Pay what you want and donations: what the buyer types, from the suggested amount.
  const [amounts, setAmounts] = useState<Amounts>(() => firstAmounts(ticketTypes));
  const [firstBuyer] = useState(() => initialBuyer(session.loggedIn ? session.user : null));
  const buyerForm = useContractForm(buyerBody, firstBuyer);
  const namesForm = useContractForm(checkoutNamesForm, { names: [] });
  const [promo, setPromo] = useState<string | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [promoBusy, setPromoBusy] = useState(false);
  const [ticketsError, setTicketsError] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const createOrder = useCreateOrder();
  // Where this checkout came from (?ref=, ?via=widget, or kept by the event page in this tab).
  const [source] = useState(() => rememberSource(event.id, window.location.search));
  const detailsRef = useRef<HTMLDivElement>(null);
  const questionsRef = useRef<HTMLDivElement>(null);
  // The event's questions, asked after the buyer's details (issue 25 §1).
  const questionsQuery = useCheckoutQuestions(event.slug);
  const questions = useMemo(() => questionsQuery.data ?? [], [questionsQuery.data]);
  const [answers, setAnswers] = useState<Answers>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});

  const lines = useMemo(
    () => withAmounts(basketLines(ticketTypes, quantities), ticketTypes, amounts),
    [ticketTypes, quantities, amounts],
  );
  const amountErrors = useMemo(
    () => amountProblem(lines, ticketTypes, amounts),
    [lines, ticketTypes, amounts],
  );
  const amountsOk = Object.keys(amountErrors).length === 0;
  const access = accessCode ? { accessCode } : {};
  const named = useMemo(
    () =>
      lines.map((l) => ({
        ...l,
        name: ticketTypes.find((t) => t.id === l.ticketTypeId)?.name,
      })),
    [lines, ticketTypes],
  );
  const asked = useMemo(() => askedQuestions(questions, named), [questions, named]);
  const quoteBody: QuoteBody | null =
    lines.length > 0 && amountsOk
      ? { eventId: event.id, items: lines, ...(promo ? { promoCode: promo } : {}), ...access }
      : null;
  const quote = useQuote(quoteBody);
  const slots = useMemo(() => ticketSlots(lines, event.ticketTypes), [lines, event]);
  const figures = lines.length > 0 ? quote.data : undefined;
  const quoteError = quote.isError ? readApiFailure(quote.error).error : undefined;

  // A sale behind a waiting room: without a turn, to the line before typing anything.
  useEffect(() => {
    let current = true;
    void queueInstead(event.slug).then((queue) => {
      if (queue && current) goToPage(queue);
    });
    return () => {
      current = false;
    };
  }, [event.slug, goToPage]);

  // The link follows the basket, so a reload (or a shared link) keeps the chosen tickets.
  const items = itemsParam(lines);
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (items) next.set('items', items);
        else next.delete('items');
        return next;
      },
      { replace: true },
    );
  }, [items, setParams]);

  const busy = createOrder.isPending;
  // Until the server prices the basket, the ticket prices tell free from paid.
  const clientSubtotal = lines.reduce(
    (sum, l) =>
      sum + l.quantity * (l.amount ?? ticketTypes.find((t) => t.id === l.ticketTypeId)?.price ?? 0),
    0,
  );
  const total = figures?.totalPrice ?? clientSubtotal;
  const free = lines.length > 0 && total === 0;

  const changeQuantity = (ticketTypeId: string, quantity: number) => {
    setTicketsError(null);
    setOrderError(null);
    setQuantities((q) => ({ ...q, [ticketTypeId]: quantity }));
  };

  const applyPromo = async (code: string) => {
    if (lines.length === 0) {
      setPromoError('Choose your tickets first, then apply the code.');
      return;
    }
    setPromoBusy(true);
    setPromoError(null);
    try {
      const priced = await quoteOrder({
        eventId: event.id,
        items: lines,
        promoCode: code,
        ...access,
      });
      const applied = priced.promoCode ?? code.toUpperCase();
      queryClient.setQueryData(
        ['checkout', 'quote', { eventId: event.id, items: lines, promoCode: applied, ...access }],
        priced,
      );
      setPromo(applied);
    } catch (err) {
      setPromoError(inlineOrToast(err) ?? null);
    } finally {
      setPromoBusy(false);
    }
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setOrderError(null);
    if (lines.length === 0) {
      setTicketsError('Choose at least one ticket.');
      document.getElementById('checkout-tickets')?.scrollIntoView({ block: 'center' });
      return;
    }
    if (!amountsOk) {
      document.getElementById('checkout-tickets')?.scrollIntoView({ block: 'center' });
      return;
    }
    if (!(await buyerForm.trigger())) {
      const first = BUYER_FIELDS.find((f) => buyerForm.getFieldState(f).invalid);
      detailsRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    // The answers, by the contract the server applies too.
    const checked = answersContract(questions, named).safeParse(answers);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? '');
        found[key] ??= issue.message;
      }
      setAnswerErrors(found);
      const first = asked.find((a) => found[a.key]);
      if (first) {
        questionsRef.current?.querySelector<HTMLElement>(`[name="${first.key}"]`)?.focus();
      }
      return;
    }
    namesForm.setValue('names', (namesForm.getValues().names ?? []).slice(0, slots.length));
    if (slots.length > 1 && !(await namesForm.trigger())) return;
    const ticketNames =
      slots.length > 1 ? ticketNamesOf(namesForm.getValues(), slots.length) : undefined;
    // What was typed goes to the server, which applies the same contract.
    const buyer = buyerForm.getValues();
    createOrder.mutate(
      {
        eventId: event.id,
        items: lines,
        buyer,
        ...(asked.length > 0 ? { answers } : {}),
        ...(promo ? { promoCode: promo } : {}),
        ...access,
        ...(source.ref || source.via ? { source } : {}),
        ...(ticketNames ? { ticketNames } : {}),
      },
      {
        onSuccess: (order) => {
          queryClient.setQueryData(orderQueryKey(order.id), order);
          // Replace: going back from the payment page returns to the event, not a spent form.
          navigate(
            order.status === 'completed'
              ? paths.checkout.complete(order.id)
              : paths.checkout.pay(order.id),
            { replace: true },
          );
        },
        onError: (err) => {
          // The sale has a waiting room and this browser has no turn: to the queue (a page
          // the server writes, so a full load).
          const queue = waitingRoomQueue(err);
          if (queue) {
            goToPage(queue);
            return;
          }
          // An answer the server refused (the questions changed meanwhile): under its question.
          setAnswerErrors(answerIssues(err));
          const sentence = inlineOrToast(err);
          if (sentence) setOrderError(sentence);
          // What is left may have changed (someone else bought the last tickets).
          void queryClient.invalidateQueries({ queryKey: ['checkout', 'event', event.slug] });
        },
      },
    );
  };

  const onSale = ticketTypes.length > 0;

  return (
    <>
      <CheckoutHeader event={event} step={lines.length > 0 ? 'Details' : 'Tickets'} free={free} />
      <CheckoutBody>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Checkout">
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
            <div className="space-y-6">
              <CheckoutCard
                id="checkout-tickets"
                step={1}
                title="Choose your tickets"
                aside={
                  <Link
                    to={paths.event(event.slug)}
                    className="text-sm font-semibold text-indigo-700 hover:text-indigo-500"
                  >
                    Event details
                  </Link>
                }
              >
                {changedFromLink.length > 0 ? (
                  <div
                    role="status"
                    data-testid="link-changes"
                    className="mb-5 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-300"
                  >
                    <p className="font-semibold">We changed your tickets</p>
                    <ul className="mt-1 space-y-1">
                      {changedFromLink.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                    <button
                      type="button"
                      onClick={() => setChangedFromLink([])}
                      className="mt-2 font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-700"
                    >
                      OK, got it
                    </button>
                  </div>
                ) : null}
                {onSale ? (
                  <TicketPicker
                    ticketTypes={ticketTypes}
                    quantities={quantities}
                    onChange={changeQuantity}
                    amounts={amounts}
                    amountErrors={amountErrors}
                    onAmountChange={(id, text) => {
                      setOrderError(null);
                      setAmounts((a) => ({ ...a, [id]: text }));
                    }}
                    disabled={busy}
                  />
                ) : (
                  <p className="text-sm text-slate-600">No tickets are on sale for this event.</p>
                )}
                {ticketsError ? (
                  <p role="alert" className="mt-4 text-sm font-medium text-red-700">
                    {ticketsError}
                  </p>
                ) : null}
              </CheckoutCard>

              <CheckoutCard
                id="checkout-details"
                step={2}
                title="Your details"
                aside={
                  session.loggedIn ? null : (
                    <p className="text-sm text-slate-600">
                      Have an account?{' '}
                      <Link
                        to={paths.login}
                        state={{
                          from: {
                            pathname: location.pathname,
                            search: location.search,
                            hash: location.hash,
                          },
                        }}
                        className="font-semibold text-indigo-700 hover:text-indigo-500"
                      >
                        Log in
                      </Link>
                    </p>
                  )
                }
              >
                <div ref={detailsRef}>
                  <BuyerForm form={buyerForm} disabled={busy} />
                </div>
                <CheckoutTicketNames form={namesForm} slots={slots} disabled={busy} />
              </CheckoutCard>

              {asked.length > 0 ? (
                <CheckoutCard id="checkout-questions" step={3} title="A few questions">
                  <div ref={questionsRef}>
                    <QuestionsForm
                      asked={asked}
                      answers={answers}
                      errors={answerErrors}
                      disabled={busy}
                      onChange={(key, value) => {
                        setAnswers((a) => ({ ...a, [key]: value }));
                        setAnswerErrors(({ [key]: _gone, ...rest }) => rest);
                      }}
                    />
                  </div>
                </CheckoutCard>
              ) : null}
            </div>

            <aside className="lg:sticky lg:top-24" aria-label="Order summary">
              <CheckoutCard id="checkout-summary" title="Order summary">
                {lines.length === 0 ? (
                  <p className="text-sm text-slate-500">
                    Your tickets and their price appear here once you choose them.
                  </p>
                ) : figures ? (
                  <OrderSummary figures={figures} busy={quote.isFetching} />
                ) : quote.isError ? null : (
                  <BlockSpinner label="Pricing your tickets…" className="py-6" />
                )}
                {quoteError && lines.length > 0 ? (
                  <Alert tone="error" className="mt-4">
                    {quoteError}
                  </Alert>
                ) : null}
                {clientSubtotal > 0 || promo ? (
                  <div className="mt-5 border-t border-slate-200 pt-5">
                    <PromoCodeField
                      applied={promo}
                      discount={figures?.discount ?? 0}
                      error={promoError}
                      busy={promoBusy}
                      disabled={busy}
                      onApply={(code) => void applyPromo(code)}
                      onRemove={() => {
                        setPromo(null);
                        setPromoError(null);
                      }}
                    />
                  </div>
                ) : null}
                {orderError ? (
                  <div
                    role="alert"
                    className="mt-5 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-inset ring-red-200"
                  >
                    {orderError}
                  </div>
                ) : null}
                <Button type="submit" size="lg" className="mt-5 w-full" disabled={busy || !onSale}>
                  {busy
                    ? free
                      ? 'Confirming...'
                      : 'Holding your tickets...'
                    : free
                      ? 'Get free tickets'
                      : 'Continue to payment'}
                </Button>
                <p className="mt-3 flex items-start gap-2 text-xs text-slate-500">
                  <ShieldCheckIcon className="size-4 shrink-0 text-slate-400" />
                  {free
                    ? 'Free tickets are confirmed at once and sent to your email.'
                    : 'Your tickets are held for you while you pay. You are not charged yet.'}
                </p>
              </CheckoutCard>
            </aside>
          </div>
        </form>
      </CheckoutBody>
    </>
  );
}
