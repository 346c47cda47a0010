import { useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts its children in a task of their own, after the first paint of what is around it
 * (decision 021). A page's first render then holds only what a phone shows first, and the
 * rest follows in short tasks instead of one long one that keeps the phone from answering
 * a tap. For content below what is already on screen, so nothing visible moves when it
 * arrives.
 */
export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // Effects of one render run together; each Later's own timer gives each its own task.
    const timer = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return shown ? children : null;
}
