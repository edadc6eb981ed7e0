/**
 * The validation messages of SPEC §5, the one source for the browser's rules (`rules.ts`) and the
 * API's 422 answers (`packages/api/src/http/rules.ts`), so a field reads the same whichever side
 * refused it. `{field}` is the field's label as shown ("date of birth", not "date_of_birth").
 * Zod- and React-free: the API imports it as `@ukd/validation/messages`.
 */
export const validationMessages = {
  required: (field: string) => `The ${field} field is required`,
  email: (field: string) => `The ${field} must be a valid email`,
  url: (field: string) => `The ${field} must be a valid URL`,
  string: (field: string) => `The ${field} must be a string`,
  integer: (field: string) => `The ${field} must be an integer`,
  numeric: (field: string) => `The ${field} must be a number`,
  digits: (field: string, n: number) => `The ${field} must be ${n} digits`,
  alpha: (field: string) => `The ${field} may only contain letters`,
  alphaDash: (field: string) => `The ${field} may only contain letters, numbers, dashes and underscores`,
  min: (field: string, n: number) => `The ${field} must be at least ${n} characters`,
  max: (field: string, n: number) => `The ${field} may not be greater than ${n} characters`,
  minValue: (field: string, n: number) => `The ${field} must be ${n} or more`,
  maxValue: (field: string, n: number) => `The ${field} must be ${n} or less`,
  between: (field: string, low: number, high: number) => `The ${field} must be between ${low} and ${high}`,
  confirmed: (field: string) => `The ${field} confirmation does not match`,
  invalid: (field: string) => `The selected ${field} is invalid`,
  format: (field: string) => `The ${field} format is invalid`,
  date: (field: string) => `The ${field} is not a valid date`,
  minAge: (years: number) => `You must be ${years} or older to join`,
  size: (field: string, kilobytes: number) => `The ${field} size must be less than ${kilobytes}KB`,
  image: (field: string) => `The ${field} must be an image`,
  creditCard: (field: string) => `The ${field} is not a valid credit card number`,
  accepted: (field: string) => `The ${field} must be accepted`,
  taken: (field: string) => `The ${field} has already been taken`,
  characters: (field: string) => `The ${field} contains characters that are not allowed`,
  array: (field: string) => `The ${field} must be an array`,
  object: (field: string) => `The ${field} must be an object`,
  maxItems: (field: string, n: number) => `The ${field} may not have more than ${n} items`,
} as const;

/** SPEC §5's custom messages for this site. */
export const customMessages = {
  email: 'Please fill in a valid email address',
  cityRequired: 'Please fill in your city',
} as const;
