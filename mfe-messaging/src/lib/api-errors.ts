/**
 * A failed API call, read by shape rather than by class: every bundle has its own copy of
 * `ApiError`, so an `instanceof` check across the federation boundary can be false for a real one.
 */
export interface ApiFailure {
  status: number;
  message: string;
  fieldErrors: Record<string, string>;
}

export function apiFailure(error: unknown): ApiFailure {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    const e = error as Partial<ApiFailure>;
    return {
      status: e.status ?? 0,
      message: typeof e.message === 'string' ? e.message : '',
      fieldErrors: e.fieldErrors && typeof e.fieldErrors === 'object' ? e.fieldErrors : {},
    };
  }
  // No answer at all: offline, or the connection dropped.
  return { status: 0, message: 'Not sent: check your connection.', fieldErrors: {} };
}
