// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { email, required, withMessage } from './rules';
import { useForm } from './use-form';

function Form({ serverErrors = {} }: { serverErrors?: Record<string, string> }) {
  const form = useForm(
    { email: '' },
    { email: { rules: [required, withMessage(email, 'Please fill in a valid email address')] } },
    serverErrors,
  );
  return (
    <form>
      <input aria-label="Email" {...form.field('email')} />
      <p role="alert">{form.errors.email ?? ''}</p>
      <button type="button" onClick={() => form.validateAll()}>
        Send
      </button>
    </form>
  );
}

afterEach(cleanup);

describe('useForm', () => {
  it('checks a field on blur, then as the member types', () => {
    render(<Form />);
    const input = screen.getByLabelText('Email');
    fireEvent.change(input, { target: { value: 'sam' } });
    expect(screen.getByRole('alert').textContent).toBe('');
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Please fill in a valid email address');
    fireEvent.change(input, { target: { value: 'sam@example.com' } });
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('validates everything on submit', () => {
    render(<Form />);
    act(() => screen.getByText('Send').click());
    expect(screen.getByRole('alert').textContent).toBe('The email field is required');
  });

  it('shows a server message until the field changes', () => {
    render(<Form serverErrors={{ email: 'The email has already been taken.' }} />);
    expect(screen.getByRole('alert').textContent).toBe('The email has already been taken.');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'other@example.com' } });
    expect(screen.getByRole('alert').textContent).toBe('');
  });
});
