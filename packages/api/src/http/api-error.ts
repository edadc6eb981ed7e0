/** Field name → messages, as Laravel answers a 422. */
export type FieldErrors = Record<string, string[]>;

/** An error the client should see as-is: status, message and, for 422, per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Appends a message to a field's list (once). */
export function addError(errors: FieldErrors, field: string, message: string): void {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/** Laravel's summary line: the first message, plus how many more there are. */
export function summarise(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first;
}

export function validationFailed(errors: FieldErrors): ApiError {
  return new ApiError(422, summarise(errors), errors);
}

export function fieldError(field: string, message: string): ApiError {
  return validationFailed({ [field]: [message] });
}

export const unauthenticated = () => new ApiError(401, 'Unauthenticated.');
export const notFound = () => new ApiError(404, 'Not found.');
