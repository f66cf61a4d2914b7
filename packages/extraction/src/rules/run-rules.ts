import type {
  DocumentTokens,
  ExtractionResult,
  FieldResult,
  Label,
  LabelRule,
  ModelConfiguration,
  Rule,
  TableResult,
} from '@counterpart/contracts';
import type { ModelDefinition } from '../model.ts';
import { normalizeValue } from '../normalize/value.ts';
import { type RuleContext, ruleContext } from './context.ts';
import { runFieldRule } from './field-rules.ts';
import { applyFilters } from './filters.ts';
import { pickValue, type Typed } from './picks.ts';
import { matchesLayout } from './selection.ts';
import { extractTable } from './table.ts';

/**
 * Runs a rule-based model: template selection first (a document that is not the layout gives
 * `layout_matched: false` and nothing else), then each label's rules in order until one finds a
 * value, its filters, its pick, and typing by the label's type.
 *
 * Confidence (0..1): the lowest reader confidence of the value's words (1 for a PDF's text layer),
 * times the certainty of filters and typing (1 when read as written; lower when a separator, a date
 * order or OCR confusions had to be guessed; 0.5 when a typed value cannot be read). A field is
 * "needs review" below the model's confidence threshold, or when a required label finds nothing.
 */
const MAX_ALTERNATIVES = 5;

function ruleFor(label: Label, rules: readonly LabelRule[]): LabelRule | undefined {
  return rules.find((r) => r.label_id === label.id) ?? rules.find((r) => r.label_key === label.key);
}

function describe(rule: Rule): string {
  switch (rule.method) {
    case 'regex':
      return `regex /${rule.pattern}/`;
    case 'anchor':
      return `anchor "${rule.anchor}" → ${rule.direction}`;
    case 'zone':
      return `zone on page ${rule.page}`;
    case 'static':
      return 'static value';
    case 'table':
      return `table by headers ${rule.columns.map((c) => `"${c.header}"`).join(', ')}`;
  }
}

function notFound(label: Label, source: string): FieldResult {
  return {
    key: label.key,
    value: null,
    normalized: null,
    confidence: 0,
    page: null,
    box: null,
    source,
    alternatives: [],
    needs_review: label.required,
  };
}

function runField(
  label: Label,
  labelRule: LabelRule,
  ctx: RuleContext,
  configuration: ModelConfiguration,
): FieldResult {
  const type = label.type === 'table' ? 'text' : label.type;
  for (const [index, rule] of labelRule.rules.entries()) {
    if (rule.method === 'table') continue;
    const where = `Label "${label.key}", rule ${index + 1}`;
    const typed: Typed[] = [];
    for (const candidate of runFieldRule(rule, ctx, where)) {
      const filtered = applyFilters(candidate.text, labelRule.filters, configuration, where);
      if (!filtered) continue;
      const read = normalizeValue(type, filtered.text, configuration, filtered.hints);
      const certainty = filtered.certainty * (read.normalized ? read.certainty : 0.5);
      typed.push({
        ...candidate,
        text: filtered.text,
        normalized: read.normalized,
        confidence: candidate.confidence * certainty,
      });
    }
    const picked = pickValue(typed, labelRule.pick, type);
    if (!picked) continue;
    const { value } = picked;
    const confidence = Math.max(0, Math.min(1, value.confidence));
    const seen = new Set([value.text]);
    const alternatives = picked.others
      .filter((other) => !seen.has(other.text) && seen.add(other.text))
      .slice(0, MAX_ALTERNATIVES)
      .map((other) => ({
        value: other.text,
        confidence: other.confidence,
        page: other.page,
        box: other.box,
      }));
    return {
      key: label.key,
      value: value.text,
      normalized: value.normalized,
      confidence,
      page: value.page,
      box: value.box,
      source: labelRule.pick === 'first' ? describe(rule) : `${describe(rule)}, ${labelRule.pick}`,
      alternatives,
      needs_review: confidence < configuration.confidence_threshold,
    };
  }
  return notFound(
    label,
    labelRule.rules.length > 0 ? `not found (${labelRule.rules.map(describe).join('; ')})` : 'no rule',
  );
}

function runTable(
  label: Label,
  labelRule: LabelRule | undefined,
  ctx: RuleContext,
  configuration: ModelConfiguration,
): TableResult {
  const rules = (labelRule?.rules ?? []).filter((r) => r.method === 'table');
  for (const [index, rule] of rules.entries()) {
    const { rows, confidence } = extractTable(
      rule,
      label,
      ctx,
      configuration,
      `Label "${label.key}", table rule ${index + 1}`,
    );
    if (rows.length === 0) continue;
    return {
      key: label.key,
      rows,
      confidence,
      source: describe(rule),
      needs_review: confidence < configuration.confidence_threshold,
    };
  }
  return {
    key: label.key,
    rows: [],
    confidence: 0,
    source: rules.length > 0 ? 'no rows found' : 'no rule',
    needs_review: label.required,
  };
}

/** Where the document's words came from and how sure the OCR was. */
export function textSource(
  doc: DocumentTokens,
): Pick<ExtractionResult, 'pages' | 'text_source' | 'ocr_confidence'> {
  const ocr = doc.tokens.filter((t) => t.source === 'ocr');
  const text_source = ocr.length === 0 ? 'pdf' : ocr.length === doc.tokens.length ? 'ocr' : 'mixed';
  const ocr_confidence = ocr.length === 0 ? null : ocr.reduce((sum, t) => sum + t.confidence, 0) / ocr.length;
  const pages = Math.max(doc.pages.length, ...doc.tokens.map((t) => t.page), 0);
  return { pages, text_source, ocr_confidence };
}

export function runRuleBasedModel(model: ModelDefinition, doc: DocumentTokens): ExtractionResult {
  const ctx = ruleContext(doc);
  const source = textSource(doc);
  if (!matchesLayout(model.configuration.selection, ctx.map.text)) {
    return { layout_matched: false, fields: [], tables: [], needs_review: false, ...source };
  }
  const labels = [...model.labels].sort((a, b) => a.position - b.position);
  const fields: FieldResult[] = [];
  const tables: TableResult[] = [];
  for (const label of labels) {
    const labelRule = ruleFor(label, model.rules);
    if (label.type === 'table') tables.push(runTable(label, labelRule, ctx, model.configuration));
    else
      fields.push(
        labelRule ? runField(label, labelRule, ctx, model.configuration) : notFound(label, 'no rule'),
      );
  }
  const needs_review = fields.some((f) => f.needs_review) || tables.some((t) => t.needs_review);
  return { layout_matched: true, fields, tables, needs_review, ...source };
}
