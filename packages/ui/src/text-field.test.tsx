// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectField, TextField } from './text-field';

afterEach(cleanup);

describe('TextField', () => {
  it('describes the control by its rule and its error, and keeps the rule in sight after a mistake', () => {
    render(
      <TextField
        id="field-dob"
        label="Date of birth"
        hint="You must be 18 or over to join."
        error="You must be 18 or over"
        aria-describedby="field-dob-error"
      />,
    );
    const input = screen.getByLabelText('Date of birth');
    expect(input.getAttribute('aria-describedby')).toBe('field-dob-error field-dob-hint');
    expect(screen.getByText('You must be 18 or over to join.').id).toBe('field-dob-hint');
    expect(screen.getByRole('alert').textContent).toBe('You must be 18 or over');
  });

  it('lets the member show and hide a password', () => {
    render(<TextField id="field-password" label="Password" type="password" autoComplete="new-password" />);
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBe(toggle);
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
  });

  it('draws no switch on other fields', () => {
    render(<TextField id="field-email" label="Email" type="email" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe('field-email-error');
  });
});

describe('SelectField', () => {
  it('has the same hint wiring', () => {
    render(
      <SelectField
        id="field-gender"
        label="I am a"
        hint="Shown on your profile."
        options={[{ value: 'm', label: 'Man' }]}
      />,
    );
    expect(screen.getByLabelText('I am a').getAttribute('aria-describedby')).toBe(
      'field-gender-hint field-gender-error',
    );
  });
});
