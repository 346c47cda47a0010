import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';

/** A dialog's title, its description and the button that closes it. */
function DialogHead({
  title,
  description,
  descriptionAs = 'p',
  onClose,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** 'div' where the description holds blocks of its own (the order drawer's badges). */
  descriptionAs?: 'p' | 'div';
  onClose: () => void;
  className: string;
}) {
  return (
    <div className={cn('flex items-start justify-between gap-4 border-b px-5 py-4', className)}>
      <div className="min-w-0">
        <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        {description ? (
          <Description as={descriptionAs} className="mt-1 text-sm text-slate-600">
            {description}
          </Description>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onClose}
        className="-m-1.5 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <CloseIcon className="size-5" />
        <span className="sr-only">Close</span>
      </button>
    </div>
  );
}

/**
 * Headless UI's Dialog over a backdrop that fades in and out: the frame the modal, the drawer
 * and the small-screen menu share. `backdrop` colours the backdrop and sets how long it fades.
 */
export function Overlay({
  open,
  onClose,
  className = 'fixed inset-0 z-50',
  backdrop,
  children,
}: {
  open: boolean;
  onClose: () => void;
  className?: string;
  backdrop: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className={className}>
      <DialogBackdrop
        transition
        className={cn('fixed inset-0 transition-opacity data-closed:opacity-0', backdrop)}
      />
      {children}
    </Dialog>
  );
}

/** What a modal and a drawer are given: whether it is open, its head, body and footer. */
interface FrameProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/**
 * A modal dialog: focus is trapped inside, Escape and a click outside close it, and the
 * title names it for screen readers (Headless UI's Dialog).
 */
export function Modal({
  size = 'md',
  ...frame
}: FrameProps & { title: string; size?: 'sm' | 'md' | 'lg' }) {
  const { open, onClose, title, description, children, footer } = frame;
  return (
    <Overlay open={open} onClose={onClose} backdrop="bg-slate-950/50 duration-150">
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-0 sm:items-center sm:p-4">
        <DialogPanel
          transition
          className={cn(
            'w-full rounded-t-2xl bg-white shadow-xl ring-1 ring-slate-900/10 transition duration-150',
            'data-closed:translate-y-4 data-closed:opacity-0 sm:rounded-2xl',
            size === 'sm' && 'sm:max-w-md',
            size === 'md' && 'sm:max-w-lg',
            size === 'lg' && 'sm:max-w-2xl',
          )}
        >
          <DialogHead
            title={title}
            description={description}
            onClose={onClose}
            className="border-slate-100"
          />
          {children ? (
            <div className="max-h-[calc(100dvh-10rem)] overflow-y-auto px-5 py-4">{children}</div>
          ) : null}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:rounded-b-2xl">
              {footer}
            </div>
          ) : null}
        </DialogPanel>
      </div>
    </Overlay>
  );
}

/**
 * A panel sliding in from the right (full screen on a phone) for an item's detail, so the
 * list it was opened from stays where it was.
 */
export function Drawer(frame: FrameProps) {
  const { open, onClose, title, description, children, footer } = frame;
  return (
    <Overlay open={open} onClose={onClose} backdrop="bg-slate-950/40 duration-200">
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          transition
          className="flex h-full w-full max-w-xl flex-col bg-white shadow-2xl transition duration-200 data-closed:translate-x-8 data-closed:opacity-0"
        >
          <DialogHead
            title={title}
            description={description}
            descriptionAs="div"
            onClose={onClose}
            className="border-slate-200 sm:px-6"
          />
          <div className="flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          {footer ? (
            <div className="border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">{footer}</div>
          ) : null}
        </DialogPanel>
      </div>
    </Overlay>
  );
}

/**
 * Asks before doing something that cannot simply be undone. The confirm button shows
 * `busyLabel` and both buttons are disabled while the action runs.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  tone = 'primary',
  cancelLabel = 'Go back',
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  tone?: 'primary' | 'danger';
  cancelLabel?: string;
}) {
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            onClick={onConfirm}
            disabled={busy}
            className={
              tone === 'danger'
                ? 'bg-red-600 hover:bg-red-500 focus-visible:outline-red-600 disabled:hover:bg-red-600'
                : undefined
            }
          >
            {busy ? (busyLabel ?? 'Working...') : confirmLabel}
          </Button>
        </>
      }
    >
      {children ? <div className="space-y-3 text-sm text-slate-700">{children}</div> : null}
    </Modal>
  );
}
