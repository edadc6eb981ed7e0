/**
 * The browser's localStorage and sessionStorage, or memory when the browser refuses them (cookies
 * blocked, some private modes, sandboxed frames): reading `window.localStorage` itself throws
 * there, and so may any call. The site keeps working; only what it stored is forgotten on reload.
 * Every storage access in the shell and the remotes goes through here.
 */
export type StorageKind = 'local' | 'session';

/** A `Storage` in memory: the fallback when the browser refuses its own, and tests' stand-in. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => items.clear(),
  };
}

/** The real storage, if the browser lets this page use it (reading, then writing and removing). */
function realStorage(kind: StorageKind): Storage | null {
  try {
    const storage = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    if (!storage) return null;
    const probe = '__ukd_storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/**
 * A Storage that never throws: each call goes to the real storage, and once that refuses (or
 * when it was never available) to memory for the rest of the page's life.
 */
function fallingBack(kind: StorageKind): Storage {
  const memory = memoryStorage();
  let real: Storage | null | undefined;
  const use = <T>(call: (storage: Storage) => T): T => {
    if (real === undefined) real = realStorage(kind);
    if (real) {
      try {
        return call(real);
      } catch {
        // Quota or a revoked permission: carry on in memory.
        real = null;
      }
    }
    return call(memory);
  };
  return {
    get length() {
      return use((storage) => storage.length);
    },
    key: (index) => use((storage) => storage.key(index)),
    getItem: (key) => use((storage) => storage.getItem(key)),
    setItem: (key, value) => use((storage) => storage.setItem(key, value)),
    removeItem: (key) => use((storage) => storage.removeItem(key)),
    clear: () => use((storage) => storage.clear()),
  };
}

const storages = new Map<StorageKind, Storage>();

/** localStorage (`'local'`) or sessionStorage (`'session'`), with a memory fallback; never throws. */
export function browserStorage(kind: StorageKind): Storage {
  let storage = storages.get(kind);
  if (!storage) {
    storage = fallingBack(kind);
    storages.set(kind, storage);
  }
  return storage;
}

/** Tests: forget the storages chosen so far, so the next call looks at the browser again. */
export function resetBrowserStorage(): void {
  storages.clear();
}
