import { useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';

/** Avatar text when there is no image: the initial of the full name, else '--' (spec §2 user block). */
export function avatarInitial(fullName: string): string {
  const first = fullName.trim().charAt(0);
  return first ? first.toUpperCase() : '--';
}

export function UserAvatar({
  src,
  fullName,
  className,
}: {
  src?: string | null;
  fullName: string;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const base = classNames('size-8 shrink-0 rounded-full', className);
  if (src && !broken) {
    return (
      <img src={src} alt="" className={classNames(base, 'object-cover')} onError={() => setBroken(true)} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={classNames(
        base,
        'flex items-center justify-center bg-brand text-sm font-semibold text-white ring-2 ring-white dark:ring-zinc-900',
      )}
    >
      {avatarInitial(fullName)}
    </span>
  );
}
