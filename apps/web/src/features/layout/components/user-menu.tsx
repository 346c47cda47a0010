import { isDoorOnly } from '@gatepass/shared';
import {
  FloatingFocusManager,
  safePolygon,
  useClick,
  useDismiss,
  useHover,
  useInteractions,
  useListNavigation,
  useRole,
} from '@floating-ui/react';
import { useRef, useState, type FocusEvent } from 'react';
import { Link, useLocation } from 'react-router';
import {
  CalendarIcon,
  ChevronDownIcon,
  LogoutIcon,
  PlusIcon,
  ScanIcon,
} from '../../../components/ui/icons.tsx';
import { useFloatingBeside } from '../../../components/ui/tooltip.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useWorkspace } from '../../../lib/workspace.ts';
import { SignedInAs } from './signed-in-as.tsx';

const organiserLinks = [
  { to: paths.manage.all, label: 'Manage my Events', icon: CalendarIcon },
  { to: paths.manage.create('event'), label: 'Create Event', icon: PlusIcon },
] as const;
/** Teams: a door steward's menu leads to their doors only. */
const doorLinks = [
  { to: paths.manage.verifyTickets, label: 'Verify tickets', icon: ScanIcon },
] as const;

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 outline-none hover:bg-slate-100 focus:bg-indigo-50 focus:text-indigo-700';

/**
 * The signed-in menu (spec §2): a button labelled with the user's email that opens on
 * hover or click, headed 'Signed in as'. Arrow keys move between items, Escape closes.
 */
export function UserMenu({
  email,
  onLogout,
  solid,
}: {
  email: string;
  onLogout: () => void;
  /** The navbar is white (scrolled): dark text instead of light. */
  solid: boolean;
}) {
  const location = useLocation();
  // Open for one location only: any navigation closes the menu.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (next: boolean) => setOpenAt(next ? location.key : null);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const workspace = useWorkspace(open);
  const links = isDoorOnly(workspace.current?.role) ? doorLinks : organiserLinks;

  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloatingBeside({ open, onOpenChange: setOpen, placement: 'bottom-end', gap: 8 });
  const hover = useHover(context, { handleClose: safePolygon(), delay: { open: 60, close: 120 } });
  const click = useClick(context);
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'menu' });
  const listNavigation = useListNavigation(context, {
    listRef,
    activeIndex,
    onNavigate: setActiveIndex,
    loop: true,
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    hover,
    click,
    dismiss,
    role,
    listNavigation,
  ]);

  // Focus leaving for somewhere outside the button and the menu closes it (Tab past the
  // last item, Shift+Tab past the button) and stays where it went. Checked against the
  // elements as they are when focus moves: FloatingFocusManager's own check
  // (closeOnFocusOut) reads the menu's element from its last effect, and when Enter opened
  // the menu and focus went to the first item before that effect had run, it took the item
  // for outside and closed the menu at once (one opening in ten in the e2e suite). Closed
  // once focus has landed, so the focus manager leaves it there instead of returning it to
  // the button, as it does for every other close (Escape, an item chosen). Focus going
  // nowhere (a press on the page or the menu's heading) is useDismiss's to judge.
  const closeOnFocusOut = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node)) return;
    const button = context.elements.domReference;
    const menuId = button?.getAttribute('aria-controls'); // useRole's, set while open
    const inside = (node: Node | null) =>
      button?.contains(node) || (menuId && document.getElementById(menuId)?.contains(node));
    if (inside(next)) return;
    setTimeout(() => {
      if (!inside(document.activeElement)) setOpen(false);
    }, 0);
  };

  const itemProps = (index: number, onSelect?: () => void) =>
    getItemProps({
      tabIndex: activeIndex === index ? 0 : -1,
      onClick: () => {
        setOpen(false);
        onSelect?.();
      },
    });

  return (
    <>
      <button
        type="button"
        ref={setReference}
        {...getReferenceProps({ onBlur: open ? closeOnFocusOut : undefined })}
        className={cn(
          'flex max-w-72 items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2',
          solid
            ? 'text-slate-800 ring-1 ring-slate-200 hover:bg-slate-100 focus-visible:outline-indigo-600'
            : 'text-white ring-1 ring-white/30 hover:bg-white/10 focus-visible:outline-white',
        )}
      >
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold uppercase text-white"
        >
          {email.charAt(0)}
        </span>
        <span className="truncate">{email}</span>
        <ChevronDownIcon
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <FloatingFocusManager
          context={context}
          modal={false}
          initialFocus={-1}
          closeOnFocusOut={false}
        >
          <div
            ref={setFloating}
            style={floatingStyles}
            {...getFloatingProps({ onBlur: closeOnFocusOut })}
            className="z-50 w-64 rounded-xl bg-white p-2 text-slate-900 shadow-xl ring-1 ring-slate-900/10 focus:outline-none"
          >
            <SignedInAs
              email={email}
              className="border-b border-slate-100 px-3 pb-3 pt-2"
              labelClassName="text-slate-500"
              emailClassName="text-sm text-slate-900"
            />
            <div className="pt-2">
              {links.map((link, index) => (
                <Link
                  key={link.to}
                  to={link.to}
                  role="menuitem"
                  className={itemClass}
                  ref={(node) => {
                    listRef.current[index] = node;
                  }}
                  {...itemProps(index)}
                >
                  <link.icon className="size-5 text-slate-400" />
                  {link.label}
                </Link>
              ))}
              <div className="my-2 border-t border-slate-100" />
              <button
                type="button"
                role="menuitem"
                className={itemClass}
                ref={(node) => {
                  listRef.current[links.length] = node;
                }}
                {...itemProps(links.length, onLogout)}
              >
                <LogoutIcon className="size-5 text-slate-400" />
                Logout
              </button>
            </div>
          </div>
        </FloatingFocusManager>
      ) : null}
    </>
  );
}
