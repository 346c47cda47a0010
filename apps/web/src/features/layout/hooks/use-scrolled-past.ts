import { useEffect, useState } from 'react';
import { isScrolledPast, SCROLL_THRESHOLD_PX } from '../lib/navigation.ts';

/**
 * Whether the window is scrolled more than the threshold; re-renders only when that flips.
 * The position is first read after the page has painted: reading window.scrollY during the
 * first render forces the browser to lay the page out early, which cost 13–35 ms of a
 * phone's start-up in the profiles (decision 020).
 */
export function useScrolledPast(threshold = SCROLL_THRESHOLD_PX): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(isScrolledPast(window.scrollY, threshold));
    };
    const onChange = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    onChange();
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
    };
  }, [threshold]);
  return past;
}
