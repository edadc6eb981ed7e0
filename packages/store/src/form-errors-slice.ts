import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * SPEC §5 and §8: a 422's field errors are stored for the form that sent it, and cleared
 * before each request and on every route change.
 */
export const formErrorsSlice = createSlice({
  name: 'formErrors',
  initialState: {} as Record<string, string>,
  reducers: {
    formErrorsReceived: (_state, action: PayloadAction<Record<string, string>>) => action.payload,
    formErrorsCleared: () => ({}),
  },
  selectors: {
    selectFormErrors: (state) => state,
  },
});

export const { formErrorsReceived, formErrorsCleared } = formErrorsSlice.actions;
export const { selectFormErrors } = formErrorsSlice.selectors;
