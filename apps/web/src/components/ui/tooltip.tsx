import {
  autoUpdate,
  flip,
  FloatingPortal,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
  type Placement,
} from '@floating-ui/react';
import { cloneElement, useState, type HTMLProps, type ReactElement, type Ref } from 'react';

/** The spec's tooltip offset (§9). */
export const TOOLTIP_OFFSET_PX = 10;

/**
 * Floating UI's placement for something that floats beside its trigger (a tooltip, a menu):
 * `gap` px away, flipped and shifted to stay on screen, following the trigger as it moves.
 */
export function useFloatingBeside({
  open,
  onOpenChange,
  placement,
  gap,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  placement: Placement;
  gap: number;
}) {
  return useFloating({
    open,
    onOpenChange,
    placement,
    middleware: [offset(gap), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
}

type TriggerProps = HTMLProps<HTMLElement> & { ref?: Ref<HTMLElement> };

/**
 * A text tooltip on hover and keyboard focus, placed by Floating UI 10 px from its
 * trigger. The trigger keeps its own accessible name; the tooltip describes it.
 */
export function Tooltip({
  label,
  placement = 'right',
  children,
}: {
  label: string;
  placement?: Placement;
  children: ReactElement<TriggerProps>;
}) {
  const [open, setOpen] = useState(false);
  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloatingBeside({ open, onOpenChange: setOpen, placement, gap: TOOLTIP_OFFSET_PX });
  const hover = useHover(context, { move: false, delay: { open: 80, close: 0 } });
  const focus = useFocus(context);
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'tooltip' });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss, role]);

  return (
    <>
      {cloneElement(children, getReferenceProps({ ...children.props, ref: setReference }))}
      {open ? (
        <FloatingPortal>
          <div
            ref={setFloating}
            style={floatingStyles}
            {...getFloatingProps()}
            className="pointer-events-none z-50 rounded-md bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-900 shadow-lg ring-1 ring-slate-900/10"
          >
            {label}
          </div>
        </FloatingPortal>
      ) : null}
    </>
  );
}
