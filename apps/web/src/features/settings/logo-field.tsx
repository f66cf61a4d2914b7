import type { LogoKind } from '@counterpart/contracts';
import { LOGO_MAX_BYTES } from '@counterpart/contracts';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useUploadLogo } from './settings-api.ts';

export interface LogoFieldProps {
  kind: LogoKind;
  label: string;
  value: string;
  /** What shows when the field is empty (the default logo). */
  fallback: string;
  onChange: (url: string) => void;
  error?: string | undefined;
}

/** A logo as an https URL or an uploaded file (PNG, JPEG or SVG, at most 512 KB), with its preview. */
export function LogoField({ kind, label, value, fallback, onChange, error }: LogoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      toast.error('Request Failed', `The logo is larger than ${LOGO_MAX_BYTES / 1024} KB.`);
      return;
    }
    try {
      const { url } = await upload.mutateAsync({ kind, file });
      onChange(url);
      toast.success(`${label} uploaded`);
    } catch (failure) {
      toast.error('Request Failed', failure instanceof Error ? failure.message : undefined);
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex h-[62px] w-full shrink-0 items-center justify-center rounded-lg border border-dashed border-zinc-300 bg-white p-2 sm:w-40 dark:border-zinc-600 dark:bg-zinc-100">
        <img
          src={value || fallback}
          alt={`${label} preview`}
          className="max-h-full max-w-full object-contain"
        />
      </div>
      <TextField
        className="min-w-0 flex-1"
        label={label}
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/svg+xml"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={pick}
      />
      <Button variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" />
        Upload<span className="sr-only"> {label}</span>
      </Button>
    </div>
  );
}
