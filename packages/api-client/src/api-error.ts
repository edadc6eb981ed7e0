/** A failed API answer. SPEC §8: the status defaults to 500; 422 carries per-field errors. */
export class ApiError extends Error {
  readonly status: number;
  /** First message per field (SPEC §5: "first message if a list"). */
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, message: string, errors?: Record<string, string[] | string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status || 500;
    this.fieldErrors = Object.fromEntries(
      Object.entries(errors ?? {}).map(([field, value]) => [
        field,
        Array.isArray(value) ? (value[0] ?? '') : value,
      ]),
    );
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
