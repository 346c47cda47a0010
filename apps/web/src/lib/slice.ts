import { createAction, type PayloadActionCreator, type UnknownAction } from '@reduxjs/toolkit';

/** A case reducer that returns the next state (never changes the one it is given). */
type CaseReducer<S> = ((state: S) => S) | ((state: S, payload: never) => S);

/** The action creator of one case: Redux Toolkit's, with `type` and `match`. */
type ActionFor<S, R, T extends string> = R extends (state: S) => S
  ? PayloadActionCreator<void, T>
  : R extends (state: S, payload: infer P) => S
    ? PayloadActionCreator<P, T>
    : never;

/**
 * A store slice without Immer (decision 090): the spec's three small stores (auth, event,
 * ticket) as Redux Toolkit's `createAction` creators and a reducer keyed by their types.
 * `createSlice` brings Immer (5 KB gzipped on every first load) so reducers may mutate a
 * draft; these reducers return the next state instead, which for stores this small is as
 * short to write.
 */
export function createPlainSlice<S, N extends string, R extends Record<string, CaseReducer<S>>>(
  name: N,
  initialState: S,
  reducers: R,
): {
  actions: { [K in keyof R & string]: ActionFor<S, R[K], `${N}/${K}`> };
  reducer: (state: S | undefined, action: UnknownAction) => S;
} {
  const byType = new Map<string, (state: S, payload: unknown) => S>();
  const actions: Record<string, unknown> = {};
  for (const [key, reduce] of Object.entries(reducers)) {
    const type = `${name}/${key}`;
    actions[key] = createAction(type);
    byType.set(type, reduce as (state: S, payload: unknown) => S);
  }
  return {
    actions: actions as { [K in keyof R & string]: ActionFor<S, R[K], `${N}/${K}`> },
    reducer(state = initialState, action) {
      const reduce = byType.get(action.type);
      return reduce ? reduce(state, (action as { payload?: unknown }).payload) : state;
    },
  };
}
