import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { embedded } from '../../../config/embed.ts';

/**
 * Goes to a page the server writes on the site (the waiting room's queue is plain HTML
 * there, a full load), or, inside the widget, to the widget's own screen for the same
 * path: a full load of a site page could not show in the frame (decision 074).
 */
export function useGoToPage(): (path: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (path, options = {}) => {
      if (embedded) navigate(path, { replace: options.replace ?? false });
      else if (options.replace) window.location.replace(path);
      else window.location.assign(path);
    },
    [navigate],
  );
}
