import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { AlertIcon } from '../../../components/ui/icons.tsx';

/** A modal confirmation: focus is trapped inside, Escape and the backdrop close it. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  actions,
  tone = 'danger',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  tone?: 'danger' | 'info';
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/60" />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl">
          <div className="flex gap-4">
            <span
              className={
                tone === 'danger'
                  ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700'
                  : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700'
              }
            >
              <AlertIcon className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
              <div className="mt-2 text-sm text-slate-600">{children}</div>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {actions}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

export const dangerButtonClasses =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60';
