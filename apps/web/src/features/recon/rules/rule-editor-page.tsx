import { PASS_KINDS, type PassKind, type ReconRule, type RulePass } from '@counterpart/contracts';
import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { HttpError } from '../../../shared/lib/http.ts';
import { useCan } from '../../../shared/session/use-can.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { Switch } from '../../../shared/ui/switch.tsx';
import { FIELD_CLASSES, TextField } from '../../../shared/ui/text-field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { DryRunPanel } from './dry-run-panel.tsx';
import {
  draftsToPasses,
  KIND_LABELS,
  newPassDraft,
  type PassDraft,
  type PassErrors,
  passToDraft,
  serverPassErrors,
} from './pass-form.ts';
import { PassList } from './pass-list.tsx';
import { useDefaultPasses, useRule, useSaveRule } from './rules-api.ts';

interface RuleDraft {
  name: string;
  description: string;
  is_default: boolean;
  passes: PassDraft[];
}

function draftOf(rule: Pick<ReconRule, 'name' | 'description' | 'is_default' | 'passes'>): RuleDraft {
  return {
    name: rule.name,
    description: rule.description,
    is_default: rule.is_default,
    passes: rule.passes.map(passToDraft),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `/reconciliation/rules/:ruleId` ('new' creates): name, default flag, ordered passes, test run, save. */
export function RuleEditorPage() {
  const { ruleId: param = 'new' } = useParams();
  const ruleId = param === 'new' ? null : param;
  const rule = useRule(ruleId);
  const defaults = useDefaultPasses(ruleId === null);
  const [draft, setDraft] = useState<RuleDraft | null>(null);

  useEffect(() => {
    if (ruleId !== null && rule.data) setDraft(draftOf(rule.data));
  }, [ruleId, rule.data]);
  useEffect(() => {
    if (ruleId === null && defaults.data) {
      setDraft(draftOf({ name: '', description: '', is_default: false, passes: defaults.data }));
    }
  }, [ruleId, defaults.data]);

  const failed = ruleId === null ? defaults : rule;
  if (failed.isError) {
    return (
      <Panel title="Rule set">
        <div className="space-y-3 p-5">
          <ErrorAlert>{failed.error.message}</ErrorAlert>
          <Link to="/reconciliation/rules" className="text-sm text-[var(--color-primary-text)] underline">
            Back to the rule sets
          </Link>
        </div>
      </Panel>
    );
  }
  if (!draft) {
    return (
      <Panel title="Rule set">
        <div className="space-y-3 p-5">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </Panel>
    );
  }
  return <RuleEditor key={ruleId ?? 'new'} ruleId={ruleId} initial={draft} />;
}

function RuleEditor({ ruleId, initial }: { ruleId: string | null; initial: RuleDraft }) {
  const navigate = useNavigate();
  const canSave = useCan(ruleId ? 'update' : 'create', 'workflow');
  const canRun = useCan('create', 'workflow');
  const save = useSaveRule();
  const descriptionId = useId();
  const [draft, setDraft] = useState(initial);
  const [passErrors, setPassErrors] = useState<PassErrors[]>([]);
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  const [newKind, setNewKind] = useState<PassKind>('scored');

  const setPasses = (passes: PassDraft[]) => {
    // Errors follow their pass when the order changes.
    const byKey = new Map(draft.passes.map((pass, index) => [pass.key, passErrors[index] ?? {}]));
    setPassErrors(passes.map((pass) => byKey.get(pass.key) ?? {}));
    setDraft({ ...draft, passes });
  };
  const openWithErrors = (errors: PassErrors[]) => {
    const keys = draft.passes
      .filter((_, index) => Object.keys(errors[index] ?? {}).length > 0)
      .map((p) => p.key);
    if (keys.length > 0) setOpen((current) => new Set([...current, ...keys]));
  };

  /** The passes as the engine reads them, or null after showing what is wrong. */
  const readPasses = (): RulePass[] | null => {
    const result = draftsToPasses(draft.passes);
    setPassErrors(result.errors);
    if (!result.valid) {
      openWithErrors(result.errors);
      return null;
    }
    return result.passes;
  };

  const addPass = () => {
    const pass = newPassDraft(
      newKind,
      draft.passes.map((entry) => entry.id),
    );
    setPasses([...draft.passes, pass]);
    setOpen((current) => new Set([...current, pass.key]));
    setAnnouncement(`${KIND_LABELS[newKind]} pass added at position ${draft.passes.length + 1}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormMessage(null);
    const errors: Record<string, string> = {};
    if (!draft.name.trim()) errors.name = 'Name the rule set';
    setFormErrors(errors);
    const passes = readPasses();
    if (!passes || errors.name) {
      toast.error('Check the highlighted fields', 'The rule set was not saved.');
      return;
    }
    try {
      const saved = await save.mutateAsync({
        ruleId,
        input: {
          name: draft.name.trim(),
          description: draft.description.trim(),
          is_default: draft.is_default,
          passes,
        },
      });
      toast.success('Rule saved successfully', `Rule set ${saved.name}`);
      navigate('/reconciliation/rules');
    } catch (failure) {
      const data = failure instanceof HttpError ? failure.data : undefined;
      const details = isRecord(data) && isRecord(data.details) ? data.details : undefined;
      const message = failure instanceof Error ? failure.message : String(failure);
      const mapped = serverPassErrors(details, draft.passes.length);
      const placed = mapped.passes.some((entry) => Object.keys(entry).length > 0);
      setPassErrors(mapped.passes);
      openWithErrors(mapped.passes);
      setFormErrors(mapped.form);
      const shown = placed || Object.keys(mapped.form).length > 0;
      // A duplicate name (409) and other refusals name the problem in their message.
      if (failure instanceof HttpError && failure.status === 409)
        setFormErrors({ ...mapped.form, name: message });
      else if (!shown) setFormMessage(message);
      toast.error('Rule set not saved', message);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Panel
        title={ruleId ? 'Edit rule set' : 'New rule set'}
        description="Passes run in order; an item matched by one pass is not offered to the next."
      >
        <fieldset disabled={!canSave} className="min-w-0 space-y-4 p-4 sm:p-5">
          {formMessage && <ErrorAlert className="font-medium">{formMessage}</ErrorAlert>}
          <TextField
            label="Rule set name"
            value={draft.name}
            maxLength={120}
            required
            error={formErrors.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <div className="space-y-1.5">
            <label
              htmlFor={descriptionId}
              className="block text-sm font-medium text-zinc-800 dark:text-zinc-200"
            >
              Description
            </label>
            <textarea
              id={descriptionId}
              rows={2}
              maxLength={2000}
              className={FIELD_CLASSES}
              value={draft.description}
              aria-invalid={formErrors.description ? true : undefined}
              onChange={(event) => setDraft({ ...draft, description: event.target.value })}
            />
            {formErrors.description && (
              <p className="text-xs font-medium text-red-600 dark:text-red-400">{formErrors.description}</p>
            )}
          </div>
          <div className="flex items-center gap-3">
            <Switch
              label="Use as default"
              checked={draft.is_default}
              disabled={!canSave}
              onChange={(checked) => setDraft({ ...draft, is_default: checked })}
            />
            <span className="text-sm text-zinc-700 dark:text-zinc-300">
              Use as default{' '}
              <span className="text-zinc-500 dark:text-zinc-400">(runs that name no rule set use it)</span>
            </span>
          </div>
        </fieldset>
      </Panel>

      <Panel
        title="Passes"
        description={`${draft.passes.length} pass${draft.passes.length === 1 ? '' : 'es'}. Drag a card, or use Move up / Move down, to change the order.`}
        actions={
          canSave ? (
            <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-end">
              <SelectField
                label="Kind of pass to add"
                value={newKind}
                options={PASS_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
                onChange={(value) => setNewKind(value as PassKind)}
                className="w-full sm:w-80"
              />
              <Button variant="secondary" onClick={addPass} disabled={draft.passes.length >= 20}>
                <Plus aria-hidden="true" />
                Add pass
              </Button>
            </div>
          ) : undefined
        }
      >
        <div className="p-3 sm:p-4">
          {formErrors.passes && <ErrorAlert className="mb-3 font-medium">{formErrors.passes}</ErrorAlert>}
          <PassList
            drafts={draft.passes}
            errors={passErrors}
            disabled={!canSave}
            currency="KES"
            open={open}
            onToggle={(key) =>
              setOpen((current) => {
                const next = new Set(current);
                if (next.has(key)) next.delete(key);
                else next.add(key);
                return next;
              })
            }
            onChange={setPasses}
            onAnnounce={setAnnouncement}
          />
        </div>
      </Panel>

      {canRun && <DryRunPanel readPasses={readPasses} />}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => navigate('/reconciliation/rules')}
          disabled={save.isPending}
        >
          Cancel
        </Button>
        {canSave && (
          <Button type="submit" loading={save.isPending}>
            Save rule set
          </Button>
        )}
      </div>
    </form>
  );
}
