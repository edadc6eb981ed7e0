// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from './form';
import { email, min, required, withMessage } from './rules';
import { useForm } from './use-form';

function SignUp({ serverErrors = {} }: { serverErrors?: Record<string, string> }) {
  const form = useForm(
    { name: '', email: '', password: '' },
    {
      name: { rules: [required] },
      email: { rules: [required, withMessage(email, 'Please fill in a valid email address')] },
      password: { rules: [required, min(8)] },
    },
    serverErrors,
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    form.validateAll();
  }
  return (
    <Form form={form} onSubmit={submit} aria-label="Sign up">
      <label htmlFor="field-name">Name</label>
      <input {...form.field('name')} />
      <label htmlFor="field-email">Email</label>
      <input {...form.field('email')} />
      <label htmlFor="field-password">Password</label>
      <input {...form.field('password')} />
      <button type="submit">Join</button>
    </Form>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Form', () => {
  it('after a failed submit focuses the first field in error and announces how many need attention', () => {
    vi.useFakeTimers();
    render(<SignUp />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sam' } });
    act(() => screen.getByText('Join').click());
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('status').textContent).toBe('2 fields need attention: Email, Password.');
  });

  it('says it again after a second failed attempt', () => {
    vi.useFakeTimers();
    render(<SignUp />);
    act(() => screen.getByText('Join').click());
    act(() => vi.advanceTimersByTime(150));
    act(() => screen.getByText('Join').click());
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('status').textContent).toBe('3 fields need attention: Name, Email, Password.');
  });

  it("moves focus to a field the server refused, in the form's order", () => {
    const { rerender } = render(<SignUp />);
    for (const [label, value] of [
      ['Name', 'Sam'],
      ['Email', 'sam@example.com'],
      ['Password', 'long enough'],
    ]) {
      fireEvent.change(screen.getByLabelText(label as string), { target: { value } });
    }
    screen.getByText('Join').focus();
    rerender(<SignUp serverErrors={{ email: 'The email has already been taken.' }} />);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('leaves focus alone when the form is sent without errors', () => {
    render(<SignUp />);
    screen.getByText('Join').focus();
    expect(screen.getByRole<HTMLFormElement>('form', { name: 'Sign up' }).noValidate).toBe(true);
    expect(document.activeElement).toBe(screen.getByText('Join'));
  });
});
