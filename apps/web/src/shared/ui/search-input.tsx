import { SEARCH_DEBOUNCE_MS } from '@counterpart/domain';
import { Search, X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { classNames } from '../lib/class-names.ts';
import { useDebouncedCallback } from '../lib/use-debounced-callback.ts';

export interface SearchInputProps {
  /** Accessible name of the field (visually hidden). */
  label: string;
  placeholder?: string;
  defaultValue?: string;
  /** Called with the text once typing pauses for `delay` ms, at once on Enter or when cleared. */
  onSearch: (value: string) => void;
  delay?: number;
  className?: string;
}

export function SearchInput({
  label,
  placeholder,
  defaultValue = '',
  onSearch,
  delay = SEARCH_DEBOUNCE_MS,
  className,
}: SearchInputProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue);
  const lastSearched = useRef(defaultValue);

  const search = (text: string) => {
    lastSearched.current = text;
    onSearch(text);
  };
  const debouncedSearch = useDebouncedCallback((text: string) => {
    if (text !== lastSearched.current) search(text);
  }, delay);

  const searchNow = (text: string) => {
    debouncedSearch.cancel();
    search(text);
  };

  const clear = () => {
    setValue('');
    searchNow('');
    inputRef.current?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      searchNow(value);
    } else if (event.key === 'Escape' && value) {
      event.preventDefault();
      clear();
    }
  };

  return (
    <div className={classNames('relative flex w-full max-w-xs items-center', className)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-2.5 size-4 text-zinc-400 dark:text-zinc-500"
      />
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => {
          setValue(event.target.value);
          debouncedSearch.run(event.target.value);
        }}
        onKeyDown={handleKeyDown}
        className={classNames(
          'h-9 w-full rounded-lg border border-zinc-300 bg-white pr-9 pl-8 text-sm text-zinc-900 shadow-sm',
          'placeholder:text-zinc-400 focus:border-[var(--color-primary)] focus:outline-none focus-visible:ring-2',
          'focus-visible:ring-[var(--color-primary)]/30 [&::-webkit-search-cancel-button]:hidden',
          'dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500',
        )}
      />
      {value && (
        <button
          type="button"
          aria-label="Clear search"
          title="Clear search"
          onClick={clear}
          className={classNames(
            'absolute right-1.5 rounded-md p-1 text-zinc-400 transition-colors hover:bg-zinc-100 hover:text-zinc-700',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]',
            'dark:text-zinc-500 dark:hover:bg-zinc-800 dark:hover:text-zinc-200',
          )}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
