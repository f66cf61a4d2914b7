/**
 * Each left record's payer read once per run, as a number: payments of one payer (the same Details part
 * `<phone> - <name>`, or the same counterparty) share one reading, and readings that give the same
 * payer (phone as read, whether full, name words) share one identity number, with its learning keys
 * interned. What payer-index.ts learns and links is per identity, not per record.
 */
import {
  counterpartyPayer,
  detailsPayerPart,
  type PayerIdentity,
  payerKeys,
  payerOfDetailsPart,
} from './payer.ts';

/** What the table reads of a left record. */
export interface PayerSource {
  text?: string | undefined;
  counterparty?: string | undefined;
}

const NOT_READ = -2;
/** A record (or reading) without a payer. */
export const NO_PAYER = -1;
/** A Details part without a phone: the record's counterparty is read instead. */
const NO_DETAILS_PAYER = -3;

/**
 * A table read in full (`PayerTable.readAll`, in the key worker while the main thread goes on), in a
 * form that posts between threads cheaply: every record's identity, the identities, their learning keys
 * in one array (identity i's are keys[keyStart[i] .. keyStart[i + 1])) and the keys' names.
 */
export interface PayerTableData {
  ofRecord: Int32Array;
  identities: PayerIdentity[];
  keys: Int32Array;
  keyStart: Int32Array;
  keyNames: string[];
}

export class PayerTable {
  /** Identity → the payer (one object per distinct payer, shared read only). */
  readonly identities: PayerIdentity[] = [];
  /** Identity → ids of its learning keys (`payerKeys`), in their order. */
  readonly keysOf: Int32Array[] = [];
  /** Learning key id → the key (`P123 WANJIRU`). */
  readonly keyNames: string[] = [];
  private readonly ofRecord: Int32Array;
  private readonly byPart = new Map<string, number>();
  private readonly byCounterparty = new Map<string, number>();
  private readonly byIdentity = new Map<string, number>();
  private readonly keyIds = new Map<string, number>();

  constructor(
    private readonly left: { records: ArrayLike<PayerSource> },
    read?: PayerTableData,
  ) {
    if (!read) {
      this.ofRecord = new Int32Array(left.records.length).fill(NOT_READ);
      return;
    }
    this.ofRecord = read.ofRecord;
    // One by one: a spread of 200k identities (a 1M run) overflows the call stack.
    for (let i = 0; i < read.identities.length; i++) {
      this.identities.push(read.identities[i]!);
      this.keysOf.push(read.keys.subarray(read.keyStart[i]!, read.keyStart[i + 1]!));
    }
    for (const name of read.keyNames) this.keyNames.push(name);
  }

  /**
   * Reads every record, in order, and gives the table in its posted form. The identity and key numbers
   * are in order of first reading, which differs from a table read as the payer pass asks; nothing
   * compares them (they key per-identity arrays and maps), so the runs' results are the same.
   */
  readAll(): PayerTableData {
    const count = this.left.records.length;
    for (let l = 0; l < count; l++) this.identityOf(l);
    const keyStart = new Int32Array(this.keysOf.length + 1);
    for (let i = 0; i < this.keysOf.length; i++) keyStart[i + 1] = keyStart[i]! + this.keysOf[i]!.length;
    const keys = new Int32Array(keyStart[this.keysOf.length]!);
    for (let i = 0; i < this.keysOf.length; i++) keys.set(this.keysOf[i]!, keyStart[i]!);
    return { ofRecord: this.ofRecord, identities: this.identities, keys, keyStart, keyNames: this.keyNames };
  }

  /** The identity of the left record's payer (Details text or, failing that, counterparty), or NO_PAYER. */
  identityOf(l: number): number {
    let id = this.ofRecord[l]!;
    if (id === NOT_READ) {
      id = this.read(l);
      this.ofRecord[l] = id;
    }
    return id;
  }

  private read(l: number): number {
    const record = this.left.records[l]!;
    if (record.text) {
      const part = detailsPayerPart(record.text);
      if (part !== null) {
        let id = this.byPart.get(part);
        if (id === undefined) {
          const payer = payerOfDetailsPart(part);
          id = payer ? this.identityNumber(payer) : NO_DETAILS_PAYER;
          this.byPart.set(part, id);
        }
        if (id !== NO_DETAILS_PAYER) return id;
      }
    }
    const counterparty = record.counterparty;
    if (!counterparty) return NO_PAYER;
    let id = this.byCounterparty.get(counterparty);
    if (id === undefined) {
      const payer = counterpartyPayer(counterparty);
      id = payer ? this.identityNumber(payer) : NO_PAYER;
      this.byCounterparty.set(counterparty, id);
    }
    return id;
  }

  private identityNumber(payer: PayerIdentity): number {
    const phone = payer.phone;
    const key = `${phone ? (phone.full ? 'F' : 'M') + phone.pattern : ''}|${payer.name.join(' ')}`;
    let id = this.byIdentity.get(key);
    if (id === undefined) {
      id = this.identities.length;
      this.byIdentity.set(key, id);
      this.identities.push(payer);
      this.keysOf.push(Int32Array.from(payerKeys(payer), (name) => this.keyId(name)));
    }
    return id;
  }

  private keyId(name: string): number {
    let id = this.keyIds.get(name);
    if (id === undefined) {
      id = this.keyNames.length;
      this.keyIds.set(name, id);
      this.keyNames.push(name);
    }
    return id;
  }
}
