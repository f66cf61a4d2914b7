import type { Filter, Label, LabelRule, ModelConfiguration, Rule } from '@counterpart/contracts';
import type { ModelDefinition } from '../model.ts';

export const CONFIGURATION: ModelConfiguration = {
  confidence_threshold: 0.8,
  ocr_language: 'eng',
  date_order: 'DMY',
  decimal_separator: '.',
  currency: 'KES',
  target_table_id: null,
  selection: { mode: 'any', keywords: [], exclude: [] },
};

export function label(key: string, type: Label['type'], extra: Partial<Label> = {}): Label {
  return {
    id: `l-${key}`,
    model_id: 'm1',
    key,
    name: key,
    type,
    required: false,
    columns: [],
    position: 0,
    ...extra,
  };
}

export function labelRule(
  key: string,
  rules: Rule[],
  pick: LabelRule['pick'] = 'first',
  filters: Filter[] = [],
): LabelRule {
  return { label_id: `l-${key}`, label_key: key, rules, pick, filters };
}

export function ruleModel(
  labels: Label[],
  rules: LabelRule[],
  configuration: Partial<ModelConfiguration> = {},
): ModelDefinition {
  return {
    kind: 'rule_based',
    configuration: { ...CONFIGURATION, ...configuration },
    labels: labels.map((l, i) => ({ ...l, position: i })),
    rules,
    learned: null,
  };
}

export const anchor = (
  text: string,
  direction: 'right' | 'below' | 'above' = 'right',
  extra: Partial<Extract<Rule, { method: 'anchor' }>> = {},
): Extract<Rule, { method: 'anchor' }> => ({
  method: 'anchor',
  anchor: text,
  anchor_match: 'contains',
  direction,
  max_distance: 0.4,
  ...extra,
});

export const regex = (pattern: string, group = 1): Extract<Rule, { method: 'regex' }> => ({
  method: 'regex',
  pattern,
  group,
  case_sensitive: false,
});
