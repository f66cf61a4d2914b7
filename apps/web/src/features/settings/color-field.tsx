import { colorShades, isHexColor } from '@counterpart/domain';
import type { CSSProperties } from 'react';
import { useId } from 'react';
import { TextField } from '../../shared/ui/text-field.tsx';

export interface ColorFieldProps {
  value: string;
  onChange: (hex: string) => void;
  error?: string | undefined;
}

const SHADES = [
  ['original', 'Primary'],
  ['hover', 'Hover'],
  ['pressed', 'Pressed'],
] as const;

/** Primary colour: a picker and its hex, with live previews of the hover and pressed shades. */
export function ColorField({ value, onChange, error }: ColorFieldProps) {
  const pickerId = useId();
  const valid = isHexColor(value.trim());
  const shades = colorShades(value);
  const preview = {
    '--preview': shades.original,
    '--preview-hover': shades.hover,
    '--preview-pressed': shades.pressed,
  } as CSSProperties;

  return (
    <div className="space-y-3">
      <div className="flex items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor={pickerId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Primary colour
          </label>
          <input
            id={pickerId}
            type="color"
            value={shades.original}
            onChange={(event) => onChange(event.target.value)}
            className="h-[38px] w-14 cursor-pointer rounded-lg border border-zinc-300 bg-white p-1 dark:border-zinc-700 dark:bg-zinc-950"
          />
        </div>
        <TextField
          className="w-36"
          label="Hex"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error ?? (valid || !value ? undefined : 'Use a hex colour like #40ba58')}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      <div style={preview} className="flex flex-wrap items-center gap-3">
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Colour shades">
          {SHADES.map(([shade, label]) => (
            <li key={shade} className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-300">
              <span
                aria-hidden="true"
                className="size-5 rounded-md border border-black/10 dark:border-white/10"
                style={{ background: shades[shade] }}
              />
              {label} <code className="text-zinc-500">{shades[shade]}</code>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="h-9 rounded-lg bg-[var(--preview)] px-4 text-sm font-medium text-white shadow-sm transition-colors hover:bg-[var(--preview-hover)] active:bg-[var(--preview-pressed)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--preview)] focus-visible:ring-offset-2"
        >
          Preview button
        </button>
      </div>
    </div>
  );
}
