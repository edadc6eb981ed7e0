import { validationMessages } from '@ukd/validation/messages';
import { describe, expect, it } from 'vitest';
import { messages } from './rules';

describe('API validation messages', () => {
  it('are the client’s SPEC §5 messages, with the field name as its label', () => {
    expect(messages.required('date_of_birth')).toBe('The date of birth field is required');
    expect(messages.required('date_of_birth')).toBe(validationMessages.required('date of birth'));
    expect(messages.min('password', 8)).toBe(validationMessages.min('password', 8));
    expect(messages.max('city', 100)).toBe('The city may not be greater than 100 characters');
    expect(messages.confirmed('password')).toBe('The password confirmation does not match');
    expect(messages.taken('email')).toBe('The email has already been taken');
    expect(messages.email('email')).toBe('The email must be a valid email');
  });
});
