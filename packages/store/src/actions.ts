import type { Action } from 'redux';

export type PayloadAction<P> = { type: string; payload: P };

/**
 * An action creator as Redux Toolkit shapes them (`type`, `match`), so RTK's `addCase` and
 * listeners take ours; written here because the shell's own state must not need Redux Toolkit:
 * a visitor's first page loads none of it (issue 15).
 */
export type ActionCreator<P> = ([P] extends [undefined]
  ? () => PayloadAction<undefined>
  : undefined extends P
    ? (payload?: P) => PayloadAction<P>
    : (payload: P) => PayloadAction<P>) & {
  type: string;
  match(action: unknown): action is PayloadAction<P>;
};

export function actionCreator<P = undefined>(type: string): ActionCreator<P> {
  const create = (payload?: P) => ({ type, payload });
  return Object.assign(create, {
    type,
    toString: () => type,
    match: (action: unknown): action is PayloadAction<P> =>
      typeof action === 'object' && action !== null && (action as Action).type === type,
  }) as unknown as ActionCreator<P>;
}

/** What the store needs to mount a piece of state: where it lives and its reducer. */
export interface StateSlice<S, Path extends string = string> {
  reducerPath: Path;
  reducer: (state: S | undefined, action: Action) => S;
}
