import { describe, expect, it } from 'vitest';
import * as r from './rules';

const v = (rule: r.Rule, value: r.Value, values: r.Values = {}) => rule(value, 'email', values);

describe('SPEC §5 rules and default messages', () => {
  it('required', () => {
    expect(r.required('', 'city', {})).toBe('The city field is required');
    expect(r.required('  ', 'city', {})).toBe('The city field is required');
    expect(r.required('Leeds', 'city', {})).toBeNull();
  });

  it('email, with the UK site custom message and length limits', () => {
    expect(v(r.email, 'sam@example.co.uk')).toBeNull();
    expect(v(r.email, 'sam@')).toBe('The email must be a valid email');
    expect(v(r.email, `${'a'.repeat(65)}@example.com`)).not.toBeNull();
    expect(v(r.email, '')).toBeNull();
    const custom = r.withMessage(r.email, 'Please fill in a valid email address');
    expect(v(custom, 'nope')).toBe('Please fill in a valid email address');
  });

  it('min, max, min_value, max_value', () => {
    expect(r.min(8)('short', 'password', {})).toBe('The password must be at least 8 characters');
    expect(r.min(8)('long enough', 'password', {})).toBeNull();
    expect(r.max(3)('four', 'code', {})).toBe('The code may not be greater than 3 characters');
    expect(r.minValue(18)('17', 'age', {})).toBe('The age must be 18 or more');
    expect(r.maxValue(99)('100', 'age', {})).toBe('The age must be 99 or less');
  });

  it('confirmed', () => {
    const rule = r.confirmed('password_confirmation');
    expect(rule('secret123', 'password', { password_confirmation: 'secret124' })).toBe(
      'The password confirmation does not match',
    );
    expect(rule('secret123', 'password', { password_confirmation: 'secret123' })).toBeNull();
  });

  it('dates, adult age, urls, numbers, cards', () => {
    expect(r.date('2001-02-29', 'date of birth', {})).toBe('The date of birth is not a valid date');
    expect(r.date('2000-02-29', 'date of birth', {})).toBeNull();
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    expect(r.minAge(18)(seventeen, 'date of birth', {})).toBe('You must be 18 or older to join');
    expect(r.minAge(18)('1990-06-01', 'date of birth', {})).toBeNull();
    expect(r.url('javascript:alert(1)', 'website', {})).not.toBeNull();
    expect(r.url('https://example.com', 'website', {})).toBeNull();
    expect(r.integer('1.5', 'n', {})).not.toBeNull();
    expect(r.creditCard('4242 4242 4242 4242', 'card', {})).toBeNull();
    expect(r.creditCard('4242 4242 4242 4241', 'card', {})).not.toBeNull();
  });

  it('stops at the first failing rule', () => {
    expect(r.validateField([r.required, r.email], '', 'email', {})).toBe('The email field is required');
    expect(r.validateField([r.required, r.email], 'x', 'email', {})).toBe('The email must be a valid email');
  });
});
