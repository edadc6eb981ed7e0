import type { ShellContext } from '@ukd/contracts';
import { createContext, type ReactNode, useContext } from 'react';

const Context = createContext<ShellContext | null>(null);

/** Each remote wraps its React root in this, so components reach the shell without prop drilling. */
export function ShellProvider({ shell, children }: { shell: ShellContext; children: ReactNode }) {
  return <Context.Provider value={shell}>{children}</Context.Provider>;
}

/**
 * The shell. Outside a `ShellProvider` it throws: a page that needs the shell and has none is a
 * wiring mistake (in a unit test, render it with `@ukd/test-support`'s fake shell).
 */
export function useShell(): ShellContext {
  const shell = useContext(Context);
  if (!shell) throw new Error('useShell() outside a ShellProvider');
  return shell;
}

/** For what works without a shell too (a link still links, it just prefetches nothing): null there. */
export function useOptionalShell(): ShellContext | null {
  return useContext(Context);
}
