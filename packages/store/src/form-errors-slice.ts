import type { Action } from 'redux';
import { actionCreator, type StateSlice } from './actions';

export type FormErrorsState = Record<string, string>;

export const formErrorsReceived = actionCreator<Record<string, string>>('formErrors/formErrorsReceived');
export const formErrorsCleared = actionCreator('formErrors/formErrorsCleared');

/**
 * SPEC §5 and §8: a 422's field errors are stored for the form that sent it, and cleared
 * before each request and on every route change.
 */
function formErrorsReducer(state: FormErrorsState = {}, action: Action): FormErrorsState {
  if (formErrorsReceived.match(action)) return action.payload;
  if (formErrorsCleared.match(action)) return {};
  return state;
}

export const formErrorsSlice: StateSlice<FormErrorsState, 'formErrors'> = {
  reducerPath: 'formErrors',
  reducer: formErrorsReducer,
};

export const selectFormErrors = (state: { formErrors: FormErrorsState }) => state.formErrors;
