/**
 * Precision and recall of a run against generated truth, counted on links: every (left, right) pair of
 * a group (and, for one-sided groups such as reversals, every pair inside the side). Duplicated lines
 * count as their original.
 */
import type { MatchGroup } from '../types.ts';
import type { GeneratedData, TrueGroup } from './generate.ts';

export interface Accuracy {
  true_links: number;
  auto_links: number;
  auto_correct: number;
  suggested_links: number;
  suggested_correct: number;
  /** Correct automatic links / automatic links. */
  auto_precision: number;
  /** True links found automatically / true links. */
  auto_recall: number;
  /** Correct suggested links / suggested links. */
  suggestion_precision: number;
  /** True links found automatically or suggested / true links. */
  found_recall: number;
  /** Recall per scenario (automatic or suggested). */
  by_kind: Record<string, { links: number; auto: number; found: number }>;
}

function linksOf(group: { left: string[]; right: string[] }, canonical: (id: string) => string): string[] {
  const left = group.left.map(canonical);
  const right = group.right.map(canonical);
  const links: string[] = [];
  if (right.length === 0) {
    for (let i = 0; i < left.length; i++)
      for (let j = i + 1; j < left.length; j++) links.push(`L${[left[i], left[j]].sort().join('|')}`);
  } else if (left.length === 0) {
    for (let i = 0; i < right.length; i++)
      for (let j = i + 1; j < right.length; j++) links.push(`R${[right[i], right[j]].sort().join('|')}`);
  } else {
    for (const l of left) for (const r of right) links.push(`${l}>${r}`);
  }
  return links;
}

const ratio = (part: number, whole: number) =>
  whole === 0 ? 1 : Math.round((part / whole) * 100_000) / 1000;

export function evaluate(data: GeneratedData, groups: readonly MatchGroup[]): Accuracy {
  const canonical = (id: string) => data.aliases.get(id) ?? id;
  const truth = new Map<string, TrueGroup['kind']>();
  for (const group of data.truth) for (const link of linksOf(group, canonical)) truth.set(link, group.kind);
  const auto = new Set<string>();
  const suggested = new Set<string>();
  for (const group of groups) {
    for (const link of linksOf(group, canonical)) (group.status === 'suggested' ? suggested : auto).add(link);
  }
  const count = (links: Set<string>) => [...links].filter((link) => truth.has(link)).length;
  const byKind: Accuracy['by_kind'] = {};
  for (const [link, kind] of truth) {
    const entry = byKind[kind] ?? { links: 0, auto: 0, found: 0 };
    byKind[kind] = entry;
    entry.links++;
    if (auto.has(link)) entry.auto++;
    if (auto.has(link) || suggested.has(link)) entry.found++;
  }
  const autoCorrect = count(auto);
  const suggestedCorrect = count(suggested);
  const found = [...truth.keys()].filter((link) => auto.has(link) || suggested.has(link)).length;
  return {
    true_links: truth.size,
    auto_links: auto.size,
    auto_correct: autoCorrect,
    suggested_links: suggested.size,
    suggested_correct: suggestedCorrect,
    auto_precision: ratio(autoCorrect, auto.size),
    auto_recall: ratio(autoCorrect, truth.size),
    suggestion_precision: ratio(suggestedCorrect, suggested.size),
    found_recall: ratio(found, truth.size),
    by_kind: byKind,
  };
}
