import type { ShellContext } from '@ukd/contracts';
import { createContext, type ReactNode, useContext } from 'react';

const Context = createContext<ShellContext | null>(null);

/** Each remote wraps its React root in this, so components reach the shell without prop drilling. */
export function ShellProvider({ shell, children }: { shell: ShellContext; children: ReactNode }) {
  return <Context.Provider value={shell}>{children}</Context.Provider>;
}

/** The shell, or null in a unit test that renders a page on its own. */
export function useShell(): ShellContext | null {
  return useContext(Context);
}
