import type { OrganizationProfile, UpdateOrganizationProfile } from '@counterpart/contracts';
import { THEME_DEFAULTS } from '@counterpart/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { useOrganizationProfile } from '../../shared/session/user-queries.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { ColorField } from './color-field.tsx';
import { LogoField } from './logo-field.tsx';
import { useUpdateProfile } from './settings-api.ts';

interface ProfileDraft {
  name: string;
  authenticator: string;
  primary_color: string;
  logo_text_url: string;
  logo_mark_url: string;
}

function first(profile: OrganizationProfile, key: string): string {
  return profile.attributes[key]?.[0] ?? '';
}

function draftOf(profile: OrganizationProfile): ProfileDraft {
  return {
    name: profile.name,
    authenticator: first(profile, 'authenticator'),
    primary_color: first(profile, 'primary_color') || THEME_DEFAULTS.primaryColor,
    logo_text_url: first(profile, 'logo_text_url'),
    logo_mark_url: first(profile, 'logo_mark_url'),
  };
}

/** Blank theme fields are sent as null: the theme then uses its default. */
function changesOf(draft: ProfileDraft): UpdateOrganizationProfile {
  const orNull = (value: string) => value.trim() || null;
  return {
    name: draft.name.trim(),
    authenticator: orNull(draft.authenticator),
    primary_color: orNull(draft.primary_color),
    logo_text_url: orNull(draft.logo_text_url),
    logo_mark_url: orNull(draft.logo_mark_url),
  };
}

/** Organization profile and theme: name, logos, primary colour, authenticator label. */
export function OrganizationProfileForm() {
  const profile = useOrganizationProfile();
  const update = useUpdateProfile();
  const canUpdate = useCan('update', 'settings');
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (profile.data) setDraft(draftOf(profile.data));
  }, [profile.data]);

  if (!draft) {
    return (
      <Panel title="Organization profile">
        <div className="space-y-3 p-5">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-2/3" />
        </div>
      </Panel>
    );
  }

  const set = (field: keyof ProfileDraft) => (value: string) => setDraft({ ...draft, [field]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await update.mutateAsync(changesOf(draft));
      toast.success('Settings saved');
    } catch (failure) {
      const { fields, form } = formErrorsOf(failure);
      setErrors(fields);
      toast.error('Request Failed', form ?? 'Check the highlighted fields.');
    }
  };

  return (
    <Panel
      title="Organization profile"
      description="Your company's name and how the app looks for everyone in it."
    >
      <form onSubmit={submit} noValidate className="space-y-5 p-4 sm:p-5">
        <fieldset disabled={!canUpdate} className="min-w-0 space-y-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Organization name"
              value={draft.name}
              onChange={(event) => set('name')(event.target.value)}
              error={errors.name}
              maxLength={100}
              required
            />
            <TextField
              label="Authenticator label"
              hint="The brand name in the page title and footer."
              placeholder={THEME_DEFAULTS.authenticator}
              value={draft.authenticator}
              onChange={(event) => set('authenticator')(event.target.value)}
              error={errors.authenticator}
              maxLength={60}
            />
          </div>
          <ColorField
            value={draft.primary_color}
            onChange={set('primary_color')}
            error={errors.primary_color}
          />
          <LogoField
            kind="text"
            label="Text logo"
            value={draft.logo_text_url}
            fallback={THEME_DEFAULTS.logoText}
            onChange={set('logo_text_url')}
            error={errors.logo_text_url}
          />
          <LogoField
            kind="mark"
            label="Logo mark"
            value={draft.logo_mark_url}
            fallback={THEME_DEFAULTS.logoMark}
            onChange={set('logo_mark_url')}
            error={errors.logo_mark_url}
          />
        </fieldset>
        {canUpdate && (
          <div className="flex justify-end gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <Button
              variant="secondary"
              disabled={update.isPending}
              onClick={() => profile.data && setDraft(draftOf(profile.data))}
            >
              Reset
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </div>
        )}
      </form>
    </Panel>
  );
}
