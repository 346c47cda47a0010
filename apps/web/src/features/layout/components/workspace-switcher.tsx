import { ROLE_LABELS } from '@gatepass/shared';
import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection } from '@headlessui/react';
import { useNavigate } from 'react-router';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { startPathFor, type WorkspaceState } from '../../../lib/workspace.ts';

/** Two letters for an organiser's name ("Folake Adeyemi" → "FA"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : name.slice(0, 2);
  return letters.toUpperCase();
}

/**
 * "Working for: …": shown to a user who works for more than one organiser. Choosing
 * another resets every cached answer and starts at that role's first page.
 */
export function WorkspaceSwitcher({
  workspace,
  variant,
  onSwitched,
}: {
  workspace: WorkspaceState;
  /** The 70 px sidebar (a badge) or the dark mobile overlay (a full-width row). */
  variant: 'sidebar' | 'overlay';
  onSwitched?: () => void;
}) {
  const navigate = useNavigate();
  const { workspaces, current } = workspace;
  if (workspaces.length < 2 || !current) return null;

  const choose = (organiserId: string) => {
    if (organiserId === current.organiserId) return;
    const next = workspaces.find((w) => w.organiserId === organiserId) ?? null;
    workspace.switchTo(organiserId);
    onSwitched?.();
    void navigate(startPathFor(next));
  };

  return (
    <Menu>
      <MenuButton
        aria-label={`Working for: ${current.organiserName} (${ROLE_LABELS[current.role]}). Change`}
        title={`Working for: ${current.organiserName}`}
        className={cn(
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400',
          variant === 'sidebar'
            ? 'flex size-11 items-center justify-center rounded-xl bg-white/10 text-sm font-bold text-white ring-1 ring-white/20 hover:bg-white/20 data-[open]:bg-indigo-600'
            : 'flex w-full items-center justify-between gap-3 rounded-xl bg-white/5 px-4 py-3 text-left ring-1 ring-white/10 hover:bg-white/10',
        )}
      >
        {variant === 'sidebar' ? (
          <span aria-hidden="true">{initials(current.organiserName)}</span>
        ) : (
          <span className="min-w-0" aria-hidden="true">
            <span className="block text-xs font-medium uppercase tracking-wide text-slate-400">
              Working for
            </span>
            <span className="mt-0.5 block truncate font-semibold">{current.organiserName}</span>
            <span className="block text-sm text-slate-300">{ROLE_LABELS[current.role]}</span>
          </span>
        )}
        {variant === 'overlay' ? (
          <span aria-hidden="true" className="shrink-0 text-sm font-semibold text-indigo-300">
            Change
          </span>
        ) : null}
      </MenuButton>
      <MenuItems
        anchor={variant === 'sidebar' ? 'right end' : 'bottom start'}
        className="z-50 w-72 rounded-xl bg-white p-1.5 text-slate-900 shadow-xl ring-1 ring-slate-900/10 focus:outline-none [--anchor-gap:10px]"
      >
        <MenuSection>
          <MenuHeading className="px-3 pb-1 pt-2 text-xs font-medium uppercase tracking-wide text-slate-500">
            Working for
          </MenuHeading>
          {workspaces.map((w) => {
            const selected = w.organiserId === current.organiserId;
            return (
              <MenuItem key={w.organiserId}>
                <button
                  type="button"
                  onClick={() => choose(w.organiserId)}
                  aria-current={selected ? 'true' : undefined}
                  className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm data-[focus]:bg-indigo-50"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{w.organiserName}</span>
                    <span className="block text-slate-500">{ROLE_LABELS[w.role]}</span>
                  </span>
                  {selected ? <CheckIcon className="size-5 shrink-0 text-indigo-600" /> : null}
                </button>
              </MenuItem>
            );
          })}
        </MenuSection>
      </MenuItems>
    </Menu>
  );
}
