/** What a session needs of the browser tab it runs in (a fake in unit tests). */
export interface TabSignals {
  visible(): boolean;
  /** The tab shows again; returns a disposer. */
  onShown(handler: () => void): () => void;
  /** The network came back; returns a disposer. */
  onOnline(handler: () => void): () => void;
}

export const browserTab: TabSignals = {
  visible: () => document.visibilityState === 'visible',
  onShown(handler) {
    const listener = () => {
      if (document.visibilityState === 'visible') handler();
    };
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
  onOnline(handler) {
    window.addEventListener('online', handler);
    return () => window.removeEventListener('online', handler);
  },
};
