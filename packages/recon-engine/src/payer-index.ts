/**
 * Payer → customer identity for the `payer` blocking key. A customer is a right record's counterparty
 * (its name without company forms); what is known of it: the phones on its records, and what earlier
 * decisions taught — accepted groups of this run's earlier passes and the reconciled `existingGroups`
 * (a payer who paid customer C before pays C again). Built once per run, when a pass first blocks on
 * `payer`; a left record's links are worked out when first asked.
 */
import { LEGAL_FORMS } from './normalise.ts';
import { namesMeet, type PayerIdentity, payerKey, payerOf, phoneMaskKey, phonesMeet } from './payer.ts';
import type { Prepared } from './prepare.ts';
import type { MatchGroup } from './types.ts';

/** A left record's link to a customer: how sure (0..1) and why. */
export interface CustomerLink {
  customer: number;
  score: number;
  detail: string;
}

interface Learned {
  payer: PayerIdentity;
  customer: number;
  count: number;
}

/** Most customers a payer is linked to: past it the identity says nothing. */
const MAX_LINKS = 6;

/** The customer key of a counterparty: its name's words, company forms left out. */
export function customerKey(counterparty: string | undefined): string {
  if (!counterparty) return '';
  return counterparty
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word.length > 0 && !LEGAL_FORMS.has(word))
    .join(' ');
}

export class PayerIndex {
  /** Right record → customer number, -1 without a counterparty. */
  readonly customerOf: Int32Array;
  readonly customerNames: string[] = [];
  /** Customer → its right records, in (date, id) order. */
  readonly recordsOf: number[][] = [];
  private readonly customerByKey = new Map<string, number>();
  private readonly phones = new Map<string, Array<{ pattern: string; customer: number }>>();
  private readonly learned = new Map<string, Learned[]>();
  private readonly payers: Array<PayerIdentity | null | undefined>;
  private readonly links: Array<CustomerLink[] | undefined>;
  private learnedUpTo = 0;
  private dirty = false;

  constructor(private readonly prepared: Prepared) {
    const right = prepared.right;
    this.customerOf = new Int32Array(right.records.length).fill(-1);
    this.payers = new Array(prepared.left.records.length);
    this.links = new Array(prepared.left.records.length);
    for (let r = 0; r < right.records.length; r++) {
      const key = customerKey(right.records[r]!.counterparty);
      if (key === '') continue;
      let customer = this.customerByKey.get(key);
      if (customer === undefined) {
        customer = this.customerNames.length;
        this.customerByKey.set(key, customer);
        this.customerNames.push(right.records[r]!.counterparty!.trim());
        this.recordsOf.push([]);
      }
      this.customerOf[r] = customer;
      this.recordsOf[customer]!.push(r);
      for (const ids of [
        [right.refIds, right.refStart],
        [right.partyIds, right.partyStart],
      ] as const) {
        for (let k = ids[1][r]!; k < ids[1][r + 1]!; k++) {
          const name = prepared.keys.name(ids[0][k]!);
          if (name.startsWith('P:')) this.addPhone(name.slice(2), customer);
        }
      }
    }
  }

  private addPhone(pattern: string, customer: number): void {
    const key = phoneMaskKey(pattern);
    const list = this.phones.get(key);
    if (!list) this.phones.set(key, [{ pattern, customer }]);
    else if (!list.some((entry) => entry.pattern === pattern && entry.customer === customer))
      list.push({ pattern, customer });
  }

  /** The payer of a left record (Details text or counterparty), parsed once. */
  payer(l: number): PayerIdentity | null {
    let payer = this.payers[l];
    if (payer === undefined) {
      const record = this.prepared.left.records[l]!;
      payer = payerOf(record.text, record.counterparty);
      this.payers[l] = payer;
    }
    return payer;
  }

  /** Remembers that the left record's payer paid the right record's customer (an accepted group). */
  learn(l: number, r: number): void {
    const customer = this.customerOf[r]!;
    const payer = this.payer(l);
    if (customer < 0 || !payer) return;
    const key = payerKey(payer);
    const list = this.learned.get(key);
    const same = list?.find((entry) => entry.customer === customer && samePayer(entry.payer, payer));
    if (same) same.count++;
    else if (list) list.push({ payer, customer, count: 1 });
    else this.learned.set(key, [{ payer, customer, count: 1 }]);
    this.dirty = true;
  }

  /**
   * Learns the accepted pairs closed since the last call (`left.acceptedLinks`); called as a pass
   * starts, so that links worked out during a pass stay as they are for that pass.
   */
  catchUp(): void {
    const pairs = this.prepared.left.acceptedLinks;
    for (; this.learnedUpTo < pairs.length; this.learnedUpTo += 2)
      this.learn(pairs[this.learnedUpTo]!, pairs[this.learnedUpTo + 1]!);
    if (this.dirty) {
      this.links.fill(undefined);
      this.dirty = false;
    }
  }

  /** Learns from groups given by id (the reconciled `existingGroups`). */
  learnGroups(groups: readonly MatchGroup[]): void {
    const wanted = groups.filter((group) => group.status === 'reconciled' || group.status === 'partial');
    if (wanted.length === 0) return;
    const leftIndex = indexOfIds(
      this.prepared.left.records,
      wanted.flatMap((group) => group.left),
    );
    const rightIndex = indexOfIds(
      this.prepared.right.records,
      wanted.flatMap((group) => group.right),
    );
    for (const group of wanted) {
      for (const leftId of group.left) {
        const l = leftIndex.get(leftId);
        if (l === undefined) continue;
        for (const rightId of group.right) {
          const r = rightIndex.get(rightId);
          if (r !== undefined) this.learn(l, r);
        }
      }
    }
  }

  /** The customers a left record's payer is linked to, best first (at most MAX_LINKS). */
  customerLinks(l: number): CustomerLink[] {
    let links = this.links[l];
    if (links === undefined) {
      links = this.workOutLinks(l);
      this.links[l] = links;
    }
    return links;
  }

  /** The link of a left record to a right record's customer, or null. */
  linkTo(l: number, r: number): CustomerLink | null {
    const customer = this.customerOf[r]!;
    if (customer < 0) return null;
    for (const link of this.customerLinks(l)) if (link.customer === customer) return link;
    return null;
  }

  private workOutLinks(l: number): CustomerLink[] {
    const payer = this.payer(l);
    if (!payer) return [];
    const best = new Map<number, CustomerLink>();
    const offer = (customer: number, score: number, detail: string) => {
      const known = best.get(customer);
      if (!known || known.score < score) best.set(customer, { customer, score, detail });
    };
    const learned = (this.learned.get(payerKey(payer)) ?? []).filter((entry) =>
      samePayer(entry.payer, payer),
    );
    const learnedCustomers = new Set(learned.map((entry) => entry.customer));
    for (const entry of learned) {
      const times = entry.count === 1 ? 'once' : `${entry.count} times`;
      offer(
        entry.customer,
        learnedCustomers.size === 1 ? 1 : 0.7,
        `this payer paid ${this.customerNames[entry.customer]} ${times} before`,
      );
    }
    if (payer.phone) {
      const pattern = payer.phone.pattern;
      const hits = (this.phones.get(phoneMaskKey(pattern)) ?? []).filter((entry) =>
        phonesMeet(entry.pattern, pattern),
      );
      const customers = new Set(hits.map((entry) => entry.customer));
      for (const hit of hits) {
        const exact = payer.phone.full;
        const score = customers.size === 1 ? (exact ? 1 : 0.9) : exact ? 0.8 : 0.5;
        offer(
          hit.customer,
          score,
          `payer ${pattern} ${exact ? 'is' : 'fits'} the customer's phone ${hit.pattern}`,
        );
      }
    } else {
      const customer = this.customerByKey.get(customerKey(payer.name.join(' ')));
      if (customer !== undefined) offer(customer, 0.9, 'payer name is the customer name');
    }
    return [...best.values()]
      .sort((a, b) => b.score - a.score || a.customer - b.customer)
      .slice(0, MAX_LINKS);
  }
}

function samePayer(a: PayerIdentity, b: PayerIdentity): boolean {
  if (a.phone && b.phone) {
    if (!phonesMeet(a.phone.pattern, b.phone.pattern)) return false;
    // Two full numbers that are equal name one phone; masked ones need the name too.
    return (a.phone.full && b.phone.full) || namesMeet(a.name, b.name);
  }
  if (a.phone || b.phone) return false;
  return namesMeet(a.name, b.name) || customerKey(a.name.join(' ')) === customerKey(b.name.join(' '));
}

function indexOfIds(records: readonly { id: string }[], ids: readonly string[]): Map<string, number> {
  const wanted = new Set(ids);
  const found = new Map<string, number>();
  for (let i = 0; i < records.length && found.size < wanted.size; i++) {
    if (wanted.has(records[i]!.id)) found.set(records[i]!.id, i);
  }
  return found;
}

const indexes = new WeakMap<Prepared, PayerIndex>();

/**
 * The run's payer index, built when first asked (learning from the reconciled `existingGroups`), and
 * caught up with the groups accepted since: call it as a pass starts.
 */
export function payerIndexOf(prepared: Prepared, existingGroups: readonly MatchGroup[] = []): PayerIndex {
  let index = indexes.get(prepared);
  if (!index) {
    index = new PayerIndex(prepared);
    index.learnGroups(existingGroups);
    indexes.set(prepared, index);
  }
  index.catchUp();
  return index;
}
