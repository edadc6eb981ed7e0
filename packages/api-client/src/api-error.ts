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

/**
 * By shape, not `instanceof`: each federated unit that bundles this package has its own copy of
 * the class, so an error thrown by the shell's client is not an instance of a remote's ApiError.
 */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  if (!(error instanceof Error) || error.name !== 'ApiError') return false;
  const candidate = error as Partial<ApiError>;
  return typeof candidate.status === 'number' && typeof candidate.fieldErrors === 'object';
}

/** What a caller needs of any failure: the status (0 when no answer came), a message, per-field messages. */
export interface ApiFailure {
  status: number;
  message: string;
  fieldErrors: Record<string, string>;
}

/** A failure already read, e.g. the error RTK Query hands back from the base query. */
function isFailure(error: unknown): error is ApiFailure {
  if (!error || typeof error !== 'object') return false;
  const candidate = error as Partial<ApiFailure>;
  return typeof candidate.status === 'number' && typeof candidate.message === 'string';
}

/**
 * The one reader of a failed call: an API answer (thrown by the client, or as RTK Query hands it
 * back) as it came, anything else as "no answer" (status 0).
 */
export function toFailure(error: unknown): ApiFailure {
  if (isApiError(error))
    return { status: error.status, message: error.message, fieldErrors: error.fieldErrors };
  if (isFailure(error))
    return { status: error.status, message: error.message, fieldErrors: error.fieldErrors ?? {} };
  // No answer at all: offline, the connection dropped, or the call was aborted.
  return { status: 0, message: 'Not sent: check your connection.', fieldErrors: {} };
}
