/**
 * Values read from the database and kept for `ttlMs` in this process (a site, its settings, its
 * prices). Callers that miss at the same moment share one read: under load every request in
 * flight used to miss together when an entry expired (about 200 reads of the settings every 2 s
 * at 200 requests in flight, each queued behind the others on PGlite).
 */
export class ExpiringCache<K, V> {
  readonly #entries = new Map<K, { value: V; at: number }>();
  readonly #loading = new Map<K, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    /** Whether a loaded value is kept (e.g. not an unknown key's null, which clients choose). */
    private readonly keep: (value: V) => boolean = () => true,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const entry = this.#entries.get(key);
    if (entry && Date.now() - entry.at < this.ttlMs) return Promise.resolve(entry.value);
    const loading = this.#loading.get(key);
    if (loading) return loading;
    const read: Promise<V> = load().then(
      (value) => {
        // Stored only if `delete` did not run meanwhile: a read begun before a change may hold the old value.
        if (this.#loading.get(key) === read) {
          this.#loading.delete(key);
          if (this.keep(value)) this.#entries.set(key, { value, at: Date.now() });
        }
        return value;
      },
      (error: unknown) => {
        if (this.#loading.get(key) === read) this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, read);
    return read;
  }

  /** After a change: the next `get` reads again, and a read already under way is not kept. */
  delete(key: K): void {
    this.#entries.delete(key);
    this.#loading.delete(key);
  }
}
