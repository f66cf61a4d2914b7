/**
 * Payer → customer identity for the `payer` blocking key. A customer is a right record's counterparty
 * (its name without company forms); what is known of it: the phones on its records, and what earlier
 * decisions taught — accepted groups of this run's earlier passes and the reconciled `existingGroups`
 * (a payer who paid customer C before pays C again). Built once per run, when a pass first blocks on
 * `payer`; a left record's links are worked out when first asked.
 */

import { sortByAmount } from './amount-order.ts';
import { fold } from './normalise.ts';
import { namesMeet, type PayerIdentity, phoneMaskKey, phonesMeet } from './payer.ts';
import {
  addPhoneLinks,
  type CustomerLink,
  distinctCustomers,
  firstHitsByCustomer,
  type Learned,
  MAX_LINKS,
  offerLink,
  type PhoneHit,
} from './payer-links.ts';
import { NO_PAYER, type PayerTable, payerTableOf } from './payer-table.ts';
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
const NO_LINKS: readonly CustomerLink[] = [];

export class PayerIndex {
  /** Right record → customer number, -1 without a counterparty. */
  readonly customerOf: Int32Array;
  readonly customerNames: string[] = [];
  /**
   * Customer c's right records by amount (then index), flat: customerRecords[recordStart[c] ..
   * recordStart[c + 1]); a payment's amount range is a slice.
   */
  readonly recordStart: Int32Array;
  readonly customerRecords: Int32Array;
  /**
   * The amounts of `customerRecords`, beside them: a slice by amount is searched in one array instead of
   * reading each middle record's amount from the side (two random reads a step).
   */
  readonly customerAmounts: Float64Array;
  private readonly customerByKey = new Map<string, number>();
  private readonly phones = new Map<string, PhoneHit[]>();
  private readonly table: PayerTable;
  /** Learning key id → what was learned under it, in the order learned. */
  private readonly learned: Array<Learned[] | undefined> = [];
  /** Bumped by each catch-up that learned a new payer → customer link. */
  private epoch = 0;
  private learnedNew = false;
  /** Learning key id → the epoch its last new link counts from; a payer's links are redone only then. */
  private keyChanged = new Int32Array(1024);
  /** Payer identity → its links, and the epoch they were worked out (or found still good) in. */
  private readonly links: Array<readonly CustomerLink[] | undefined> = [];
  private readonly linksEpoch: number[] = [];
  /** Customer → how many entries were learned for it: what `learnedFor` found stays good until it grows. */
  private readonly entriesOfCustomer: Int32Array;
  /**
   * Identity → what `learnedFor` found for each customer asked about, with the customer's entry count
   * then (a payer is asked about one or two customers: a short list per identity, where a map keyed by
   * identity × customer made a heap number and a hash per lookup).
   */
  private readonly found: Array<Found[] | undefined> = [];

  constructor(private readonly prepared: Prepared) {
    const right = prepared.right;
    this.table = payerTableOf(prepared);
    this.customerOf = new Int32Array(right.records.length).fill(-1);
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
        }
        bySpelling.set(written, customer);
      }
      this.customerOf[r] = customer;
      for (let k = right.refStart[r]!; k < right.refStart[r + 1]!; k++)
        this.addPhoneKey(right.refIds[k]!, customer);
      for (let k = right.partyStart[r]!; k < right.partyStart[r + 1]!; k++)
        this.addPhoneKey(right.partyIds[k]!, customer);
    }
    this.phoneKeyCustomer = new Int32Array(0);
    this.customersOfPhone.clear();
    const customers = this.customerNames.length;
    this.entriesOfCustomer = new Int32Array(customers);
    // Each customer's records by amount then index: the right side in that order (a stable radix sort),
    // dealt out to the customers.
    this.recordStart = new Int32Array(customers + 1);
    for (let r = 0; r < right.records.length; r++) {
      const customer = this.customerOf[r]!;
      if (customer >= 0) this.recordStart[customer + 1]!++;
    }
    for (let c = 0; c < customers; c++) this.recordStart[c + 1]! += this.recordStart[c]!;
    this.customerRecords = new Int32Array(this.recordStart[customers]!);
    this.customerAmounts = new Float64Array(this.customerRecords.length);
    const next = this.recordStart.slice(0, customers);
    const byAmount = sortByAmount(right.amount, new Int32Array(right.records.length), right.records.length);
    for (let i = 0; i < byAmount.length; i++) {
      const r = byAmount[i]!;
      const customer = this.customerOf[r]!;
      if (customer < 0) continue;
      this.customerAmounts[next[customer]!] = right.amount[r]!;
      this.customerRecords[next[customer]!++] = r;
    }
  }

  /**
   * The position in `customerRecords` of the customer's first record whose amount is at least `low`
   * (`recordStart[customer + 1]` when none); its records within [low, high] follow while
   * `customerAmounts` stays at most `high`.
   */
  firstAtLeast(customer: number, low: number): number {
    const amounts = this.customerAmounts;
    let from = this.recordStart[customer]!;
    let to = this.recordStart[customer + 1]!;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if (amounts[middle]! < low) from = middle + 1;
      else to = middle;
    }
    return from;
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
    if (last === NOT_LOOKED_AT && !this.isPhoneKey(id)) {
      seen[id] = NOT_A_PHONE;
      return;
    }
    seen[id] = customer;
    this.addPhone(this.prepared.keys.name(id).slice(2), customer);
  }

  /** Whether key id is a phone key (`P:…`), read from its characters (the key table makes no string). */
  private isPhoneKey(id: number): boolean {
    const keys = this.prepared.keys;
    const length = keys.nameLength(id);
    if (length < 2) return false;
    if (this.keyChars.length < length) this.keyChars = new Uint16Array(length * 2);
    keys.copyName(id, this.keyChars);
    return this.keyChars[0] === 80 && this.keyChars[1] === 58;
  }

  /** Room for one key's characters (`isPhoneKey`). */
  private keyChars = new Uint16Array(64);

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

  /** Remembers that the left record's payer paid the right record's customer (an accepted group). */
  learn(l: number, r: number): void {
    const customer = this.customerOf[r]!;
    const identity = this.table.identityOf(l);
    if (customer < 0 || identity === NO_PAYER) return;
    const same = this.learnedFor(identity, customer);
    if (same) same.count++;
    else {
      const keys = this.table.keysOf[identity]!;
      const entry: Learned = { payer: this.table.identities[identity]!, customer, count: 1 };
      for (const key of keys) {
        const list = this.learned[key];
        if (list) list.push(entry);
        else {
          // Filled up to the key first: an array written at scattered indexes may turn into a dictionary.
          while (this.learned.length < key) this.learned.push(undefined);
          this.learned[key] = [entry];
        }
        if (key >= this.keyChanged.length) {
          // A typed array (an array written at scattered key ids may turn into a dictionary).
          const grown = new Int32Array(Math.max(2 * this.keyChanged.length, key + 1));
          grown.set(this.keyChanged);
          this.keyChanged = grown;
        }
        this.keyChanged[key] = this.epoch + 1;
      }
      this.entriesOfCustomer[customer]!++;
      this.learnedNew = true;
    }
  }

  /**
   * Learns the accepted pairs closed since the last call (`left.acceptedLinks`); called as a pass
   * starts, so that links worked out during a pass stay as they are for that pass.
   */
  catchUp(): void {
    const pairs = this.prepared.left.acceptedLinks;
    for (; this.learnedUpTo < pairs.length; this.learnedUpTo += 2)
      this.learn(pairs[this.learnedUpTo]!, pairs[this.learnedUpTo + 1]!);
    if (this.learnedNew) {
      this.epoch++;
      this.learnedNew = false;
    }
  }

  private learnedUpTo = 0;

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

  /**
   * The customers a left record's payer is linked to, best first (at most MAX_LINKS): its payer's, worked
   * out once per payer until one of its keys learns something new; payments of one payer share them
   * (read only).
   */
  customerLinks(l: number): readonly CustomerLink[] {
    const identity = this.table.identityOf(l);
    if (identity === NO_PAYER) return NO_LINKS;
    let links = this.links[identity];
    if (links !== undefined && this.linksEpoch[identity]! < this.epoch) {
      if (this.keyChangedSince(this.table.keysOf[identity]!, this.linksEpoch[identity]!)) links = undefined;
      else this.linksEpoch[identity] = this.epoch;
    }
    if (links === undefined) {
      links = this.payerLinks(identity);
      // Filled up to the identity first (as `learned`).
      while (this.links.length < identity) {
        this.links.push(undefined);
        this.linksEpoch.push(0);
      }
      this.links[identity] = links;
      this.linksEpoch[identity] = this.epoch;
    }
    return links;
  }

  /** Whether any of the keys learned a new link after the epoch. */
  private keyChangedSince(keys: Int32Array, since: number): boolean {
    const changed = this.keyChanged;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      if (key < changed.length && changed[key]! > since) return true;
    }
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
  private learnedOf(identity: number): Learned[] {
    const payer = this.table.identities[identity]!;
    const found: Learned[] = [];
    for (const key of this.table.keysOf[identity]!) {
      const list = this.learned[key];
      if (!list) continue;
      for (const entry of list)
        if (samePayer(entry.payer, payer) && !found.includes(entry)) found.push(entry);
    }
    return found;
  }

  /**
   * The first of `learnedOf(identity)` learned for the customer, without listing them all; looked for
   * once per payer and customer until the customer gets a new entry.
   */
  private learnedFor(identity: number, customer: number): Learned | undefined {
    const entries = this.entriesOfCustomer[customer]!;
    let ofIdentity = this.found[identity];
    let known: Found | undefined;
    if (ofIdentity === undefined) {
      // Filled up to the identity first (as `learned`).
      while (this.found.length < identity) this.found.push(undefined);
      ofIdentity = [];
      this.found[identity] = ofIdentity;
    } else {
      for (let i = 0; i < ofIdentity.length; i++)
        if (ofIdentity[i]!.customer === customer) {
          known = ofIdentity[i]!;
          break;
        }
    }
    if (known && known.entries === entries) return known.entry;
    const payer = this.table.identities[identity]!;
    let entry: Learned | undefined;
    search: for (const key of this.table.keysOf[identity]!) {
      const list = this.learned[key];
      if (!list) continue;
      for (const candidate of list)
        if (candidate.customer === customer && samePayer(candidate.payer, payer)) {
          entry = candidate;
          break search;
        }
    }
    if (known) {
      known.entry = entry;
      known.entries = entries;
    } else ofIdentity.push({ customer, entry, entries });
    return entry;
  }

  /**
   * The customers' phones a payer's phone pattern meets: each customer's first one (in the order
   * listed), by customer. Worked out once per pattern (the phones are fixed once built): the payers of
   * one masked pattern (`2547*123`) are many, and their links are worked out again whenever one of their
   * keys learns something.
   */
  private phoneHits(pattern: string): PatternHits {
    let hits = this.hitsOfPattern.get(pattern);
    if (hits === undefined) {
      const found: PhoneHit[] = [];
      for (const entry of this.phones.get(phoneMaskKey(pattern)) ?? [])
        if (phonesMeet(entry.pattern, pattern)) found.push(entry);
      hits =
        found.length === 0
          ? NO_HITS
          : { distinct: distinctCustomers(found), first: firstHitsByCustomer(found) };
      this.hitsOfPattern.set(pattern, hits);
    }
    return hits;
  }

  private readonly hitsOfPattern = new Map<string, PatternHits>();

  private payerLinks(identity: number): CustomerLink[] {
    // Each customer's best link (the first offered of the highest score), best first, at most
    // MAX_LINKS. Runs once per payer and epoch: a masked phone's tail meets ~60 customers at 1M, all at
    // one score, so of the customers nothing was learned of only the MAX_LINKS lowest numbered can make
    // it (ties go to the lower customer number) and only those are kept.
    const payer = this.table.identities[identity]!;
    const best: CustomerLink[] = [];
    const learned = this.learnedOf(identity);
    const learnedScore = distinctCustomers(learned) === 1 ? 1 : 0.7;
    for (const entry of learned)
      offerLink(best, { customer: entry.customer, score: learnedScore, learned: entry });
    const fromLearned = best.length;
    if (payer.phone) {
      const hits = this.phoneHits(payer.phone.pattern);
      const exact = payer.phone.full;
      const score = hits.distinct === 1 ? (exact ? 1 : 0.9) : exact ? 0.8 : 0.5;
      addPhoneLinks(best, fromLearned, hits.first, score);
    } else {
      const customer = this.customerByKey.get(customerKey(payer.name.join(' ')));
      if (customer !== undefined) offerLink(best, { customer, score: 0.9 });
    }
    if (best.length > 1) best.sort((a, b) => b.score - a.score || a.customer - b.customer);
    if (best.length > MAX_LINKS) best.length = MAX_LINKS;
    return best;
  }
}

/** A phone pattern's hits among the customers' phones (`phoneHits`). */
interface PatternHits {
  /** How many customers the hits name (0, 1 or more: 2). */
  distinct: number;
  /** Each customer's first hit, by customer. */
  first: readonly PhoneHit[];
}

const NO_HITS: PatternHits = { distinct: 0, first: [] };

/** What `learnedFor` found for one (identity, customer), and the customer's entry count then. */
interface Found {
  customer: number;
  entry: Learned | undefined;
  entries: number;
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
