import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import type { ManageEventListItem } from '@gatepass/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { paths } from '../../../config/paths.ts';
import { useDeleteEvent } from '../api/delete-event.ts';
import { useDuplicateEvent } from '../api/duplicate-event.ts';
import { CancelEventDialog } from './cancel-event-dialog.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { DotsIcon } from '../../../components/ui/icons.tsx';

const itemBase = 'block w-full rounded-md px-3 py-2 text-left text-sm font-medium';
const itemClass = `${itemBase} text-slate-700 data-[focus]:bg-indigo-50 data-[focus]:text-indigo-800`;
const dangerItemClass = `${itemBase} text-red-700 data-[focus]:bg-red-50 data-[focus]:text-red-800`;

export const editPath = (id: string) => `${paths.manage.create(id)}/details`;

/** Everything an organiser can do with one of their events, in a menu. */
export function EventActionsMenu({ event }: { event: ManageEventListItem }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateEvent();
  const remove = useDeleteEvent();
  const [cancelling, setCancelling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isDraft = event.status === 'draft';
  const canCancel = event.status === 'published';
  const canDelete = isDraft && event.publishedAt === null;

  const copy = () =>
    duplicate.mutate(event.id, {
      onSuccess: (copy) => {
        toast.success('A copy is ready to edit.');
        navigate(editPath(copy.id));
      },
    });

  return (
    <>
      <Menu>
        <MenuButton
          className="inline-flex items-center gap-1 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 data-[open]:bg-slate-100"
          aria-label={`Actions for ${event.title}`}
        >
          <DotsIcon className="size-4" />
          <span className="hidden sm:inline">Actions</span>
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-50 mt-1 w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10 focus:outline-none [--anchor-gap:4px]"
        >
          <MenuItem>
            <Link to={paths.manage.event(event.id)} className={itemClass}>
              Manage
            </Link>
          </MenuItem>
          {event.status !== 'cancelled' ? (
            <MenuItem>
              <Link to={editPath(event.id)} className={itemClass}>
                Edit
              </Link>
            </MenuItem>
          ) : null}
          {!isDraft ? (
            <MenuItem>
              <a
                href={paths.event(event.slug)}
                target="_blank"
                rel="noreferrer"
                className={itemClass}
              >
                Public page
              </a>
            </MenuItem>
          ) : null}
          {!isDraft ? (
            <MenuItem>
              <Link to={paths.manage.verifyTicket(event.id)} className={itemClass}>
                Verify tickets
              </Link>
            </MenuItem>
          ) : null}
          <MenuItem>
            <button
              type="button"
              className={itemClass}
              onClick={copy}
              disabled={duplicate.isPending}
            >
              Duplicate
            </button>
          </MenuItem>
          {canCancel || canDelete ? <MenuSeparator className="my-1 h-px bg-slate-200" /> : null}
          {canCancel ? (
            <MenuItem>
              <button type="button" className={dangerItemClass} onClick={() => setCancelling(true)}>
                Cancel event…
              </button>
            </MenuItem>
          ) : null}
          {canDelete ? (
            <MenuItem>
              <button type="button" className={dangerItemClass} onClick={() => setDeleting(true)}>
                Delete draft…
              </button>
            </MenuItem>
          ) : null}
        </MenuItems>
      </Menu>
      <CancelEventDialog event={event} open={cancelling} onClose={() => setCancelling(false)} />
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete “${event.title}”?`}
        tone="danger"
        cancelLabel="Keep the draft"
        confirmLabel="Delete draft"
        busyLabel="Deleting…"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(event.id, {
            onSuccess: () => {
              toast.success('Draft deleted.');
              setDeleting(false);
            },
          })
        }
      >
        This draft was never published. It and its ticket types are removed for good.
      </ConfirmDialog>
    </>
  );
}
