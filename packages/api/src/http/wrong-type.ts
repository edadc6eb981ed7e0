/** A value of the wrong type; its path is filled in on the way out (building it per field was
 * garbage on every answer). */
export class WrongType extends Error {
  private readonly keys: string[] = [];
  constructor(
    private readonly expected: string,
    private readonly got: unknown,
  ) {
    super();
  }
  within(key: string): WrongType {
    this.keys.unshift(key);
    this.message = `${this.keys.join('')}: expected ${this.expected}, got ${this.got === null ? 'null' : typeof this.got}`;
    return this;
  }
}

/** `run(value)`, naming `key` (a field's name or an element's index) in the `WrongType` it throws. */
export function atKey<R>(run: (value: unknown) => R, value: unknown, key: string | number): R {
  try {
    return run(value);
  } catch (error) {
    throw error instanceof WrongType ? error.within(typeof key === 'number' ? `[${key}]` : `.${key}`) : error;
  }
}
