import type { ManageEventDto } from '@gatepass/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useStoredForm } from '../../../components/ui/form.tsx';
import { useDispatch, useSelector, useStore } from 'react-redux';
import {
  createEvent,
  selectCurrentEvent,
  updateEvent,
  type EventDraft,
  type EventState,
} from '../event-slice.ts';
import {
  formFromEvent,
  STEP_FORM_FIELDS,
  type EventForm,
  type EventFormField,
} from '../lib/wizard.ts';

/**
 * The wizard edits the spec's persisted `event` store, so what the organiser types
 * survives leaving the page and reloading it. The store holds the event's form values,
 * the fields changed since the last save (`_dirty`) and an unfinished ticket form.
 *
 * Server values win unless the store has unsaved edits for this very event: then the
 * organiser's typing is kept and saved with the step.
 */

export interface TicketFormValues {
  name: string;
  description: string;
  price: string;
  capacity: string;
  minPerOrder: string;
  maxPerOrder: string;
  salesStartAt: string;
  salesEndAt: string;
  hidden: boolean;
  /** Decision 086: regular, pay_what_you_want, donation or table (absent in older drafts). */
  kind?: string;
  suggestedPrice?: string;
  seats?: string;
  /** A hidden type's access codes, as typed (comma or space between them). */
  accessCodes?: string;
}

/** An open ticket form: 'new' or the id of the type being edited. */
export interface TicketDraft {
  editing: string;
  values: TicketFormValues;
}

/** Every field the wizard edits: those the steps save. */
const FORM_FIELDS: EventFormField[] = Object.values(STEP_FORM_FIELDS).flat();

function dirtyOf(draft: EventDraft | null): EventFormField[] {
  const list = draft?._dirty;
  return Array.isArray(list)
    ? list.filter((f): f is EventFormField => FORM_FIELDS.includes(f as EventFormField))
    : [];
}

function formOf(draft: EventDraft, fallback: EventForm): EventForm {
  const form = { ...fallback } as Record<EventFormField, unknown>;
  // A stored value of the field's own type (text, or a yes/no such as offlinePayment).
  for (const field of FORM_FIELDS) {
    if (typeof draft[field] === typeof fallback[field]) form[field] = draft[field];
  }
  return form as unknown as EventForm;
}

function ticketDraftOf(draft: EventDraft | null): TicketDraft | null {
  const value = draft?._ticketDraft;
  if (!value || typeof value !== 'object') return null;
  const { editing, values } = value as { editing?: unknown; values?: unknown };
  if (typeof editing !== 'string' || !values || typeof values !== 'object') return null;
  return { editing, values: values as TicketFormValues };
}

export function useWizardForm(event: ManageEventDto) {
  const dispatch = useDispatch();
  const store = useStore<{ event: EventState }>();
  const draft = useSelector(selectCurrentEvent);
  // Read at call time: two changes in one tick must not overwrite each other's `_dirty`.
  const currentDirty = useCallback(() => {
    const now = selectCurrentEvent(store.getState());
    return now?._id === event.id ? dirtyOf(now) : [];
  }, [store, event.id]);
  const saved = useMemo(() => formFromEvent(event), [event]);
  const mine = draft?._id === event.id ? draft : null;
  const dirty = useMemo(() => dirtyOf(mine), [mine]);
  const form = useMemo(() => (mine ? formOf(mine, saved) : saved), [mine, saved]);

  useEffect(() => {
    if (!mine) {
      dispatch(createEvent({ _id: event.id, ...saved, _dirty: [] }));
      return;
    }
    // Fields without unsaved edits follow the server (another tab or device may have saved).
    const fresh: Partial<EventDraft> = {};
    for (const field of FORM_FIELDS) {
      if (!dirty.includes(field) && mine[field] !== saved[field]) fresh[field] = saved[field];
    }
    if (Object.keys(fresh).length) dispatch(updateEvent(fresh));
    // `mine` changes with every keystroke; only a new server answer needs this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, event.id, saved]);

  const setField = useCallback(
    <K extends EventFormField>(field: K, value: EventForm[K]) => {
      const dirty = currentDirty();
      dispatch(
        updateEvent({
          _id: event.id,
          [field]: value,
          _dirty: dirty.includes(field) ? dirty : [...dirty, field],
        }),
      );
    },
    [dispatch, currentDirty, event.id],
  );

  /**
   * After a save: the saved fields take the server's values and are no longer dirty,
   * except those the organiser changed again while the save was on its way.
   */
  const markSaved = useCallback(
    (answer: ManageEventDto, fields: EventFormField[], sent: EventForm) => {
      const now = selectCurrentEvent(store.getState());
      const next = formFromEvent(answer);
      const stillSame = fields.filter((f) => !now || now._id !== event.id || now[f] === sent[f]);
      const change: Partial<EventDraft> = {
        _dirty: currentDirty().filter((f) => !stillSame.includes(f)),
      };
      for (const field of stillSame) change[field] = next[field];
      dispatch(updateEvent(change));
    },
    [dispatch, currentDirty, store, event.id],
  );

  // The inputs, on the form layer: they show the store's values and write to it; the
  // step's messages (use-step-save) are the form's errors. A venue part edited clears
  // the "add a venue" message.
  const fieldsRef = useRef<UseFormReturn<EventForm> | null>(null);
  const fields = useStoredForm<EventForm>(null, form, (values, field) => {
    setField(field, values[field]);
    if (VENUE_PARTS.includes(field)) fieldsRef.current?.clearErrors('venue' as EventFormField);
  });
  useEffect(() => {
    fieldsRef.current = fields;
  }, [fields]);

  const ticketDraft = ticketDraftOf(mine);
  const setTicketDraft = useCallback(
    (value: TicketDraft | null) => dispatch(updateEvent({ _id: event.id, _ticketDraft: value })),
    [dispatch, event.id],
  );

  return { form, fields, saved, dirty, setField, markSaved, ticketDraft, setTicketDraft };
}

/** The fields of the "add a venue" message (the server's `venue` issue). */
const VENUE_PARTS: EventFormField[] = ['venueName', 'address', 'city', 'onlineUrl'];

export type WizardFields = UseFormReturn<EventForm>;

export type WizardForm = ReturnType<typeof useWizardForm>;
