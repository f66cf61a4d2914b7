import { resourceWords, roleWords } from '@counterpart/domain';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { Switch } from '../../shared/ui/switch.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { catalogByResource, diffRoles, roleKey } from './role-changes.ts';
import { useGroupRoles, useGroups, useRoleCatalog, useSaveGroupRoles } from './team-api.ts';

/** Group Permissions (/my-team/groups/:groupId/roles): roles by resource with switches, Save. */
export function GroupPermissionsPage() {
  const { groupId = '' } = useParams();
  const groups = useGroups();
  const catalog = useRoleCatalog();
  const granted = useGroupRoles(groupId);
  const save = useSaveGroupRoles();
  const canGrant = useCan('create', 'team-roles');
  const canRevoke = useCan('delete', 'team-roles');
  const canEdit = canGrant || canRevoke;
  const group = groups.data?.find((candidate) => candidate.id === groupId);

  const saved = useMemo(() => new Set((granted.data ?? []).map(roleKey)), [granted.data]);
  // The person's choices; none yet (or after the saved roles change) means "as saved", so the switches
  // never show one frame of nothing granted while the saved roles arrive.
  const [choice, setChoice] = useState<Set<string> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new saved roles (after a save) end the choices
  useEffect(() => setChoice(null), [saved]);
  const selected = choice ?? saved;

  const changes = diffRoles(catalog.data ?? [], saved, selected);
  const dirty = changes.grant.length + changes.revoke.length > 0;

  const toggle = (key: string, on: boolean) =>
    setChoice((current) => {
      const next = new Set(current ?? saved);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const submit = async () => {
    try {
      await save.mutateAsync({ groupId, ...changes });
      toast.success('Permissions saved');
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  if (catalog.isPending || granted.isPending) {
    return (
      <div className="space-y-3">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (catalog.isError || granted.isError) {
    return (
      <EmptyView
        icon={<ShieldCheck />}
        title="Group not found"
        description={(catalog.error ?? granted.error)?.message ?? ''}
        action={
          <Link to="/my-team" className="text-sm font-medium underline underline-offset-4">
            Back to My Team
          </Link>
        }
      />
    );
  }

  return (
    <div className="space-y-6 pb-20">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link
            to="/my-team"
            className="inline-flex items-center gap-1 rounded text-sm text-zinc-500 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-400 dark:hover:text-white"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            My Team
          </Link>
          <h2 className="mt-1 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            {group?.name ?? 'Group'}
          </h2>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            {selected.size} of {catalog.data.length} permissions granted
          </p>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {catalogByResource(catalog.data).map(({ resource, roles }) => (
          <fieldset
            key={resource}
            className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
          >
            <legend className="sr-only">{resourceWords(resource)}</legend>
            <p aria-hidden="true" className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              {resourceWords(resource)}
            </p>
            <ul className="space-y-2.5">
              {roles.map((role) => {
                const key = roleKey(role);
                return (
                  <li key={key} className="flex items-center justify-between gap-3">
                    <span className="text-sm text-zinc-700 dark:text-zinc-300">
                      {roleWords(role.display)}
                    </span>
                    <Switch
                      label={roleWords(role.display)}
                      checked={selected.has(key)}
                      disabled={save.isPending || (saved.has(key) ? !canRevoke : !canGrant)}
                      onChange={(on) => toggle(key, on)}
                    />
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
      {canEdit && (
        <div className="sticky bottom-4 flex justify-end gap-2 rounded-xl border border-zinc-200 bg-white/90 p-3 shadow-lg backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/90">
          <Button variant="secondary" disabled={!dirty || save.isPending} onClick={() => setChoice(null)}>
            Reset
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
            Save
          </Button>
        </div>
      )}
    </div>
  );
}
