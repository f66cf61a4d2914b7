/**
 * Payer → customer identity for the `payer` blocking key. A customer is a right record's counterparty
 * (its name without company forms); what is known of it: the phones on its records, and what earlier
 * decisions taught — accepted groups of this run's earlier passes and the reconciled `existingGroups`
 * (a payer who paid customer C before pays C again). Built once per run, when a pass first blocks on
 * `payer`; a left record's links are worked out when first asked.
 */
import { fold } from './normalise.ts';
import { namesMeet, type PayerIdentity, payerKeys, payerOf, phoneMaskKey, phonesMeet } from './payer.ts';
import {
  type CustomerLink,
  distinctCustomers,
  keepLowest,
  type Learned,
  MAX_LINKS,
  offerLink,
  offerToLearned,
} from './payer-links.ts';
import type { Prepared } from './prepare.ts';
import { int32Array } from './typed-memory.ts';
import type { MatchGroup } from './types.ts';

export type { CustomerLink, Learned } from './payer-links.ts';

/**
 * The customer key of a counterparty: its words in upper case. Company forms are kept: a ledger spells
 * each customer one way, and `ELDORET FRESH PRODUCE LTD` and `… & SONS` are two customers.
 */
export function customerKey(counterparty: string | undefined): string {
  return counterparty ? fold(counterparty) : '';
}

const NOT_LOOKED_AT = -1;
const NOT_A_PHONE = -2;

export class PayerIndex {
  /** Right record → customer number, -1 without a counterparty. */
  readonly customerOf: Int32Array;
  readonly customerNames: string[] = [];
  /** Customer → its right records, by amount (then index): a payment's amount range is a slice. */
  readonly recordsOf: number[][] = [];
  private readonly customerByKey = new Map<string, number>();
  private readonly phones = new Map<string, Array<{ pattern: string; customer: number }>>();
  private readonly learned = new Map<string, Learned[]>();
  private readonly payers: Array<PayerIdentity | null | undefined>;
  private readonly keysOf: Array<string[] | undefined>;
  private readonly links: Array<CustomerLink[] | undefined>;
  private learnedUpTo = 0;
  /** Bumped by each catch-up that learned a new payer → customer link. */
  private epoch = 0;
  private learnedNew = false;
  /** Payer key → the epoch its last new link counts from; a record's links are redone only then. */
  private readonly keyChanged = new Map<string, number>();
  private readonly linksEpoch: Int32Array;
  /** Links by payer (`workOutLinks`), for the epoch they were worked out in. */
  private readonly linksByPayer = new Map<string, CustomerLink[]>();
  private linksByPayerEpoch = 0;

  constructor(private readonly prepared: Prepared) {
    const right = prepared.right;
    this.customerOf = new Int32Array(right.records.length).fill(-1);
    this.payers = new Array(prepared.left.records.length);
    this.keysOf = new Array(prepared.left.records.length);
    this.links = new Array(prepared.left.records.length);
    this.linksEpoch = new Int32Array(prepared.left.records.length);
    // A ledger repeats each customer's name as written: folded once per spelling.
    const bySpelling = new Map<string, number>();
    this.phoneKeyCustomer = int32Array(prepared.keys.size).fill(NOT_LOOKED_AT);
    for (let r = 0; r < right.records.length; r++) {
      const written = right.records[r]!.counterparty;
      if (!written) continue;
      let customer = bySpelling.get(written);
      if (customer === undefined) {
        const key = customerKey(written);
        if (key === '') continue;
        customer = this.customerByKey.get(key);
        if (customer === undefined) {
          customer = this.customerNames.length;
          this.customerByKey.set(key, customer);
          this.customerNames.push(written.trim());
          this.recordsOf.push([]);
        }
        bySpelling.set(written, customer);
      }
      this.customerOf[r] = customer;
      this.recordsOf[customer]!.push(r);
      for (let k = right.refStart[r]!; k < right.refStart[r + 1]!; k++)
        this.addPhoneKey(right.refIds[k]!, customer);
      for (let k = right.partyStart[r]!; k < right.partyStart[r + 1]!; k++)
        this.addPhoneKey(right.partyIds[k]!, customer);
    }
    this.phoneKeyCustomer = new Int32Array(0);
    this.customersOfPhone.clear();
    const amount = right.amount;
    for (const records of this.recordsOf) records.sort((a, b) => amount[a]! - amount[b]! || a - b);
  }

  /** The customer's right records whose amount is within [low, high]. */
  recordsBetween(customer: number, low: number, high: number): number[] {
    const records = this.recordsOf[customer]!;
    const amount = this.prepared.right.amount;
    let from = 0;
    let to = records.length;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if (amount[records[middle]!]! < low) from = middle + 1;
      else to = middle;
    }
    let end = from;
    while (end < records.length && amount[records[end]!]! <= high) end++;
    return records.slice(from, end);
  }

  /**
   * Key id → the customer its phone was last listed for, NOT_A_PHONE, or NOT_LOOKED_AT (while building).
   */
  private phoneKeyCustomer: Int32Array = new Int32Array(0);
  /** Phone pattern → the customers already listed under it (while building). */
  private readonly customersOfPhone = new Map<string, number[]>();

  /** Lists the customer under a phone key (`P:…`) of one of its records, once per phone and customer. */
  private addPhoneKey(id: number, customer: number): void {
    const seen = this.phoneKeyCustomer;
    const last = seen[id]!;
    // Not a phone, or this customer's phone once more (a ledger repeats it on each of its records).
    if (last === NOT_A_PHONE || last === customer) return;
    const name = this.prepared.keys.name(id);
    if (last === NOT_LOOKED_AT && !name.startsWith('P:')) {
      seen[id] = NOT_A_PHONE;
      return;
    }
    seen[id] = customer;
    this.addPhone(name.slice(2), customer);
  }

  private addPhone(pattern: string, customer: number): void {
    const listed = this.customersOfPhone.get(pattern);
    if (listed?.includes(customer)) return;
    if (listed) listed.push(customer);
    else this.customersOfPhone.set(pattern, [customer]);
    const key = phoneMaskKey(pattern);
    const list = this.phones.get(key);
    if (!list) this.phones.set(key, [{ pattern, customer }]);
    else list.push({ pattern, customer });
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

  private payerKeysOf(l: number): string[] {
    let keys = this.keysOf[l];
    if (keys === undefined) {
      const payer = this.payer(l);
      keys = payer ? payerKeys(payer) : [];
      this.keysOf[l] = keys;
    }
    return keys;
  }

  /** Remembers that the left record's payer paid the right record's customer (an accepted group). */
  learn(l: number, r: number): void {
    const customer = this.customerOf[r]!;
    const payer = this.payer(l);
    if (customer < 0 || !payer) return;
    const keys = this.payerKeysOf(l);
    const same = this.learnedFor(payer, keys, customer);
    if (same) same.count++;
    else {
      const entry = { payer, keys, customer, count: 1 };
      for (const key of keys) {
        const list = this.learned.get(key);
        if (list) list.push(entry);
        else this.learned.set(key, [entry]);
        this.keyChanged.set(key, this.epoch + 1);
      }
      this.learnedNew = true;
    }
  }

  /**
   * Learns the accepted pairs closed since the last call (`left.acceptedLinks`); called as a pass
   * starts, so that links worked out during a pass stay as they are for that pass.
   */
  catchUp(): void {
    const pairs = this.prepared.left.acceptedLinks;
    for (; this.learnedUpTo < pairs.length; this.learnedUpTo += 2) {
      const l = pairs[this.learnedUpTo]!;
      this.learn(l, pairs[this.learnedUpTo + 1]!);
      // A matched payment is never asked about again: what it taught is kept, its parse is not.
      this.payers[l] = undefined;
      this.keysOf[l] = undefined;
    }
    if (this.learnedNew) {
      this.epoch++;
      this.learnedNew = false;
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
    if (links !== undefined && this.linksEpoch[l]! < this.epoch) {
      const since = this.linksEpoch[l]!;
      if (this.keyChangedSince(this.payerKeysOf(l), since)) links = undefined;
      else this.linksEpoch[l] = this.epoch;
    }
    if (links === undefined) {
      links = this.workOutLinks(l);
      this.links[l] = links;
      this.linksEpoch[l] = this.epoch;
    }
    return links;
  }

  /** Whether any of the keys learned a new link after the epoch. */
  private keyChangedSince(keys: readonly string[], since: number): boolean {
    for (const key of keys) if ((this.keyChanged.get(key) ?? 0) > since) return true;
    return false;
  }

  /** Why a payer is linked to the customer, in words. */
  describe(link: CustomerLink): string {
    const name = this.customerNames[link.customer];
    if (link.learned) {
      const count = link.learned.count;
      return `this payer paid ${name} ${count === 1 ? 'once' : `${count} times`} before`;
    }
    if (link.phone) return `the payer's phone meets ${name}'s ${link.phone}`;
    return `the payer is ${name}`;
  }

  /** The link of a left record to a right record's customer, or null. */
  linkTo(l: number, r: number): CustomerLink | null {
    const customer = this.customerOf[r]!;
    if (customer < 0) return null;
    for (const link of this.customerLinks(l)) if (link.customer === customer) return link;
    return null;
  }

  /** What was learned of this payer (one entry per customer), in the order learned. */
  private learnedOf(payer: PayerIdentity, keys: readonly string[]): Learned[] {
    const found: Learned[] = [];
    for (const key of keys) {
      const list = this.learned.get(key);
      if (!list) continue;
      for (const entry of list)
        if (samePayer(entry.payer, payer) && !found.includes(entry)) found.push(entry);
    }
    return found;
  }

  /** The first of `learnedOf(payer, keys)` learned for the customer, without listing them all. */
  private learnedFor(payer: PayerIdentity, keys: readonly string[], customer: number): Learned | undefined {
    for (const key of keys) {
      const list = this.learned.get(key);
      if (!list) continue;
      for (const entry of list)
        if (entry.customer === customer && samePayer(entry.payer, payer)) return entry;
    }
    return undefined;
  }

  /**
   * A left record's links: those of its payer (phone as read, whether full, name words), worked out once
   * per payer until something new is learned; payments of one payer share them (read only).
   */
  private workOutLinks(l: number): CustomerLink[] {
    const payer = this.payer(l);
    if (!payer) return [];
    if (this.linksByPayerEpoch !== this.epoch) {
      this.linksByPayer.clear();
      this.linksByPayerEpoch = this.epoch;
    }
    const key = `${payer.phone ? (payer.phone.full ? 'F' : 'M') + payer.phone.pattern : ''}|${payer.name.join(' ')}`;
    let links = this.linksByPayer.get(key);
    if (links === undefined) {
      links = this.payerLinks(payer, this.payerKeysOf(l));
      this.linksByPayer.set(key, links);
    }
    return links;
  }

  private payerLinks(payer: PayerIdentity, keys: readonly string[]): CustomerLink[] {
    // Each customer's best link (the first offered of the highest score), best first, at most
    // MAX_LINKS. Runs for every open payment of a payer pass: a masked phone's tail meets ~60 customers
    // at 1M, all at one score, so of the customers nothing was learned of only the MAX_LINKS lowest
    // numbered can make it (ties go to the lower customer number) and only those are kept.
    const best: CustomerLink[] = [];
    const learned = this.learnedOf(payer, keys);
    const learnedScore = distinctCustomers(learned) === 1 ? 1 : 0.7;
    for (const entry of learned)
      offerLink(best, { customer: entry.customer, score: learnedScore, learned: entry });
    const fromLearned = best.length;
    if (payer.phone) {
      const pattern = payer.phone.pattern;
      const hits: Array<{ pattern: string; customer: number }> = [];
      for (const entry of this.phones.get(phoneMaskKey(pattern)) ?? [])
        if (phonesMeet(entry.pattern, pattern)) hits.push(entry);
      const exact = payer.phone.full;
      const score = distinctCustomers(hits) === 1 ? (exact ? 1 : 0.9) : exact ? 0.8 : 0.5;
      // Hits of customers not learned: the first hit of each of the MAX_LINKS lowest customers, by customer.
      const lowest: CustomerLink[] = [];
      for (const hit of hits) {
        if (offerToLearned(best, fromLearned, hit.customer, score, hit.pattern)) continue;
        keepLowest(lowest, { customer: hit.customer, score, phone: hit.pattern });
      }
      for (const link of lowest) best.push(link);
    } else {
      const customer = this.customerByKey.get(customerKey(payer.name.join(' ')));
      if (customer !== undefined) offerLink(best, { customer, score: 0.9 });
    }
    if (best.length > 1) best.sort((a, b) => b.score - a.score || a.customer - b.customer);
    if (best.length > MAX_LINKS) best.length = MAX_LINKS;
    return best;
  }
}

function samePayer(a: PayerIdentity, b: PayerIdentity): boolean {
  if (a.phone && b.phone) {
    if (!phonesMeet(a.phone.pattern, b.phone.pattern)) return false;
    // Two full numbers that are equal name one phone; masked ones need the name too.
    return (a.phone.full && b.phone.full) || namesMeet(a.name, b.name);
  }
  if (a.phone || b.phone) return false;
  // Found under the same sorted-words key: the same words.
  return a.name.length === b.name.length;
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
