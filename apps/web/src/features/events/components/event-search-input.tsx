import { SearchIcon } from '../../../components/ui/public-icons.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * The "Search events" box of the home page and the events list: a search input inside its
 * (visually hidden) label, with its magnifier. `iconClassName` places the magnifier to suit the input's padding.
 */
export function EventSearchInput({
  id,
  name,
  value,
  onChange,
  placeholder,
  className,
  iconClassName,
}: {
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className: string;
  iconClassName: string;
}) {
  return (
    <label className="relative block flex-1">
      <span className="sr-only">Search events</span>
      <SearchIcon
        className={cn(
          'pointer-events-none absolute top-1/2 size-5 -translate-y-1/2 text-slate-500',
          iconClassName,
        )}
      />
      <input
        id={id}
        type="search"
        name={name}
        value={value}
        maxLength={100}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={className}
      />
    </label>
  );
}
