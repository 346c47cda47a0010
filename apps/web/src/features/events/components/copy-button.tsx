import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { CheckIcon, CopyIcon } from '../../../components/ui/icons.tsx';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and insecure origins: a hidden textarea and the copy command.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
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

/** Copies a text (a link) and says so for two seconds. */
export function CopyButton({
  text,
  label = 'Copy link',
  variant = 'secondary',
  className,
}: {
  text: string;
  label?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant={variant}
      size="sm"
      className={className}
      onClick={() => {
        void copyText(text).then((ok) => {
          if (ok) setCopied(true);
          else toast.error('Could not copy. Select the link and copy it yourself.');
        });
      }}
    >
      {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </Button>
  );
}
