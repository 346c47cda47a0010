import { useCallback, useEffect, useState } from 'react';

/**
 * Copies text to the clipboard: the Clipboard API, else (older browsers, an insecure origin)
 * a hidden textarea and the copy command. True when the text was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok: boolean;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/**
 * A copy that says so for two seconds: `copied` is true that long after `copy` succeeds;
 * `copy` resolves to whether it did.
 */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(async (text: string) => {
    const ok = await copyText(text);
    if (ok) setCopied(true);
    return ok;
  }, []);
  return { copied, copy };
}
