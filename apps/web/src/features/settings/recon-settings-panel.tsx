import { type ReconSettings, reconSettingsResponseSchema } from '@counterpart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { HttpError } from '../../shared/lib/http.ts';
import { http } from '../../shared/session/http-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { Switch } from '../../shared/ui/switch.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import {
  draftToSettings,
  type ReconSettingsDraft,
  type ReconSettingsErrors,
  settingsFieldErrors,
  settingsToDraft,
} from './recon-settings-form.ts';

const SETTINGS_PATH = '/api/recon/v1/recon/settings';

function useReconSettingsKey(): readonly unknown[] {
  const organizationId = useSessionStore((state) => state.organizationId);
  return ['settings', organizationId, 'recon'];
}

/** GET /v1/recon/settings (settings read). */
function useReconSettings() {
  const key = useReconSettingsKey();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => http.get(SETTINGS_PATH, { schema: reconSettingsResponseSchema, signal }),
  });
}

/** PUT /v1/recon/settings (settings update); the answer replaces the cached settings. */
function useSaveReconSettings() {
  const queryClient = useQueryClient();
  const key = useReconSettingsKey();
  return useMutation({
    mutationFn: (settings: ReconSettings) =>
      http.put(SETTINGS_PATH, settings, { schema: reconSettingsResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      // The default passes are built from these settings.
      void queryClient.invalidateQueries({ queryKey: ['recon'] });
    },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Account Settings → Reconciliation: currency, tolerances, date window, thresholds, δ, maker-checker. */
export function ReconSettingsPanel() {
  const canRead = useCan('read', 'settings');
  if (!canRead) return null;
  return <ReconSettingsForm />;
}

function ReconSettingsForm() {
  const settings = useReconSettings();
  const save = useSaveReconSettings();
  const canUpdate = useCan('update', 'settings');
  const [draft, setDraft] = useState<ReconSettingsDraft | null>(null);
  const [errors, setErrors] = useState<ReconSettingsErrors>({});

  useEffect(() => {
    if (settings.data) setDraft(settingsToDraft(settings.data.data));
  }, [settings.data]);

  const description = 'Defaults for matching: the default rules, runs and manual matches read them.';
  if (settings.isError) {
    return (
      <Panel title="Reconciliation" description={description}>
        <ErrorAlert className="p-5">{settings.error.message}</ErrorAlert>
      </Panel>
    );
  }
  if (!draft) {
    return (
      <Panel title="Reconciliation" description={description}>
        <div className="space-y-3 p-5">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-2/3" />
        </div>
      </Panel>
    );
  }

  const field = (
    name: Exclude<keyof ReconSettingsDraft, 'maker_checker_enabled'>,
    label: string,
    hint?: string,
  ) => (
    <TextField
      label={label}
      value={draft[name]}
      hint={hint}
      error={errors[name]}
      inputMode={name === 'default_currency' ? 'text' : 'decimal'}
      autoComplete="off"
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
    />
  );
  const currency = /^[A-Za-z]{3}$/.test(draft.default_currency.trim())
    ? draft.default_currency.trim().toUpperCase()
    : 'the default currency';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { settings: body, errors: found } = draftToSettings(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error('Not saved', 'Check the highlighted fields.');
      return;
    }
    try {
      await save.mutateAsync(body);
      toast.success('Reconciliation settings saved');
    } catch (failure) {
      const data = failure instanceof HttpError ? failure.data : undefined;
      const fields = isRecord(data) && isRecord(data.details) ? settingsFieldErrors(data.details) : {};
      setErrors(fields);
      toast.error('Request Failed', failure instanceof Error ? failure.message : undefined);
    }
  };

  return (
    <Panel title="Reconciliation" description={description}>
      <form onSubmit={submit} noValidate className="space-y-5 p-4 sm:p-5">
        <fieldset disabled={!canUpdate} className="min-w-0 space-y-5">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {field('default_currency', 'Default currency', 'A 3-letter code, e.g. KES.')}
            {field('tolerance_absolute', 'Amount tolerance', `In ${currency}, e.g. 500 or 12.50.`)}
            {field('tolerance_percent', 'Amount tolerance %', 'The larger of the two allowances wins.')}
            {field('days_before', 'Days before', 'A counterpart may be dated this many days before…')}
            {field('days_after', 'Days after', '…and this many days after.')}
            {field(
              'ambiguity_gap',
              'Ambiguity gap δ',
              'Candidates within δ of each other are only suggested.',
            )}
            {field('auto_accept', 'Auto-accept score', 'From 0 to 1: at or above it a match is automatic.')}
            {field('suggest', 'Suggest score', 'At or above it, a suggestion.')}
          </div>
          <div className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <div className="flex items-center gap-3">
              <Switch
                label="Maker-checker"
                checked={draft.maker_checker_enabled}
                disabled={!canUpdate}
                onChange={(checked) => setDraft({ ...draft, maker_checker_enabled: checked })}
              />
              <div className="min-w-0">
                <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Maker-checker</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  Manual matches, adjustments and allocations at or above the threshold wait for a second
                  person's approval.
                </p>
              </div>
            </div>
            {draft.maker_checker_enabled && (
              <div className="sm:max-w-xs">
                {field('maker_checker_threshold', 'Approval threshold', `In ${currency}; 0 means every one.`)}
              </div>
            )}
          </div>
        </fieldset>
        <div className="flex flex-col gap-3 border-t border-zinc-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {settings.data?.updated_at
              ? `Last saved ${formatDateTime(settings.data.updated_at)}`
              : 'Not saved yet: these are the defaults.'}
          </p>
          {canUpdate && (
            <div className="flex justify-end gap-2">
              <Button
                variant="secondary"
                disabled={save.isPending}
                onClick={() => {
                  if (settings.data) setDraft(settingsToDraft(settings.data.data));
                  setErrors({});
                }}
              >
                Reset
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </div>
          )}
        </div>
      </form>
    </Panel>
  );
}
