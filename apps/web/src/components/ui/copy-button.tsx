import { useCopy } from '../../lib/clipboard.ts';
import { toast } from '../../lib/toast.ts';
import { Button, type ButtonVariant } from './button.tsx';
import { CheckIcon, CopyIcon } from './public-icons.tsx';

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
  const { copied, copy } = useCopy();
  return (
    <Button
      variant={variant}
      size="sm"
      className={className}
      onClick={() => {
        void copy(text).then((ok) => {
          if (!ok) toast.error('Could not copy. Select the link and copy it yourself.');
        });
      }}
    >
      {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </Button>
  );
}
