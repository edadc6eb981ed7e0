/** Request-target parsing that never throws on hostile input. */
export function parseUrl(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? '/', 'http://localhost');
  } catch {
    return null;
  }
}

/** A malformed `%` escape in a path is bad input, not an exception for the host server. */
export function safeDecode(component: string): string | null {
  try {
    return decodeURIComponent(component);
  } catch {
    return null;
  }
}
