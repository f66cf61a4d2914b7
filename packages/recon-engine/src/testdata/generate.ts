/**
 * Seeded generator of realistic Kenyan reconciliation data that knows the truth. Right side: an ERP
 * ledger of invoices (`INV-2026-004512` or SAP-style `0090004512`). Left side: M-Pesa paybill lines
 * (fields as in the statement: Receipt No, Completion Time, Details, Transaction Status, Paid In,
 * Withdrawn, Balance) and bank statement lines, with the noise of real data: mistyped or missing
 * references, split payments, bulk payments, bank charges deducted, settlement date shifts, reversals,
 * duplicated lines and unrelated lines. As real payers do (issue 18): the M-Pesa payer is in the
 * Details text only (`Pay Bill Online from 2547******123 - JANE WANJIRU Acc. …`, the phone masked on most
 * lines, the counterparty column empty on most), a quarter of payments come from someone else's phone,
 * invoice numbers are written in many shapes (`INV2026000123`, `inv-2026-000123`, `INV000123`, `123`),
 * one payment settles 2–4 earlier invoices of a customer with one, two or no invoice numbers, and some
 * mistyped references equal another real invoice.
 */
import type { EngineRecord } from '../types.ts';
import {
  type Customer,
  makeCustomer,
  maskPhone,
  type Payer,
  payerName,
  receiptNumber,
  referenceVariant,
  typo,
} from './kenya.ts';
import { Random } from './random.ts';

export interface TrueGroup {
  left: string[];
  right: string[];
  kind: Scenario | 'reversal';
}

export interface GeneratedData {
  left: EngineRecord[];
  right: EngineRecord[];
  truth: TrueGroup[];
  /** Duplicated line id → the original's id (matching either counts as right). */
  aliases: Map<string, string>;
}

export type Scenario =
  | 'clean'
  | 'variant'
  | 'typo'
  | 'other_invoice'
  | 'missing'
  | 'charges'
  | 'split'
  | 'bulk'
  | 'reversed';

/**
 * Share of invoices per scenario (the rest stays unpaid). `variant`: the invoice number in another shape;
 * `other_invoice`: a mistyped number that is another real invoice's; `missing`: no invoice number at all.
 */
export const SCENARIO_MIX: ReadonlyArray<[Scenario, number]> = [
  ['clean', 0.32],
  ['variant', 0.14],
  ['typo', 0.09],
  ['other_invoice', 0.02],
  ['missing', 0.1],
  ['charges', 0.06],
  ['split', 0.05],
  ['bulk', 0.1],
  ['reversed', 0.03],
];

const START_DAY = 20_454; // 2026-01-01

function invoiceAmount(random: Random): bigint {
  const band = random.next();
  if (band < 0.4) return BigInt(random.int(10, 500) * 100 * 100);
  if (band < 0.7) return BigInt(random.int(100, 1000) * 500 * 100);
  return BigInt(random.int(50_000, 10_000_000));
}

function pickScenario(random: Random): Scenario | 'unpaid' {
  let roll = random.next();
  for (const [scenario, share] of SCENARIO_MIX) {
    roll -= share;
    if (roll < 0) return scenario;
  }
  return 'unpaid';
}

interface Invoice {
  record: EngineRecord;
  customer: Customer;
}

class Builder {
  readonly left: EngineRecord[] = [];
  readonly truth: TrueGroup[] = [];
  readonly aliases = new Map<string, string>();
  private readonly receipts = new Set<string>();
  private bankSequence = 0;
  private balance = 1_000_000n;
  constructor(private readonly random: Random) {}

  /** A payment line from the customer's channel; `reference` is what the payer typed. */
  payment(
    customer: Customer,
    amount: bigint,
    day: number,
    reference: string,
    channel = customer.channel,
  ): EngineRecord {
    const random = this.random;
    if (channel === 'mpesa') {
      const receipt = receiptNumber(random, this.receipts);
      this.balance += amount;
      const payer: Payer = random.chance(0.25)
        ? random.pick(customer.others)
        : { name: customer.contact, phone: customer.phone };
      const phone = random.chance(0.8) ? maskPhone(random, payer.phone) : payer.phone;
      const name = payerName(random, payer.name);
      const online = random.chance(0.8) ? 'Pay Bill Online' : 'Pay Bill';
      const details = `${online} from ${phone} - ${name} Acc. ${reference}`.trimEnd();
      const record: EngineRecord = {
        id: receipt,
        amount,
        currency: 'KES',
        date: day,
        reference: receipt,
        text: details,
        fields: {
          receipt_no: receipt,
          completion_time: `${new Date(day * 86_400_000).toISOString().slice(0, 10)} ${String(random.int(6, 21)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00`,
          details,
          transaction_status: 'Completed',
          paid_in: amount >= 0n ? String(amount) : '',
          withdrawn: amount < 0n ? String(-amount) : '',
          balance: String(this.balance),
        },
      };
      // A raw statement has no payer column: only some exports fill one.
      if (random.chance(0.3)) record.counterparty = `${phone} ${name}`;
      this.left.push(record);
      return record;
    }
    this.bankSequence++;
    const bankRef = `FT26${String(this.bankSequence).padStart(8, '0')}`;
    const narrative = random.pick(['TRF FROM', 'RTGS', 'EFT', 'PESALINK']);
    const record: EngineRecord = {
      id: `BNK-${this.bankSequence}`,
      amount,
      currency: 'KES',
      date: day,
      value_date: day + random.int(0, 3),
      reference: bankRef,
      text: `${narrative} ${customer.name} ${reference}`.trim(),
      counterparty: customer.name,
    };
    this.left.push(record);
    return record;
  }

  maybeDuplicate(record: EngineRecord): void {
    if (!this.random.chance(0.01)) return;
    const copy = { ...record, id: `${record.id}-DUP` };
    this.left.push(copy);
    this.aliases.set(copy.id, record.id);
  }

  /** A reference the payer typed when not the invoice number. */
  missingReference(customer: Customer): string {
    const first = customer.contact.split(' ')[0]!;
    return this.random.pick(['', '', 'PAYMENT', first, first.toLowerCase(), customer.account, 'GOODS']);
  }
}

function invoiceReference(sequence: number, sap: boolean): string {
  return sap ? `009${String(sequence).padStart(7, '0')}` : `INV-2026-${String(sequence).padStart(6, '0')}`;
}

export function generate(options: { seed: number; invoices: number; unrelated?: number }): GeneratedData {
  const random = new Random(options.seed);
  const customers = Array.from({ length: Math.max(20, Math.round(options.invoices / 25)) }, (_, i) =>
    makeCustomer(random, i),
  );
  // A ledger names each customer once: a second `MWANGI HARDWARE LTD` is `MWANGI HARDWARE LTD 2`.
  const taken = new Map<string, number>();
  for (const customer of customers) {
    const seen = (taken.get(customer.name) ?? 0) + 1;
    taken.set(customer.name, seen);
    if (seen > 1) customer.name = `${customer.name} ${seen}`;
  }
  const sap = random.chance(0.3);
  const invoices: Invoice[] = [];
  for (let i = 0; i < options.invoices; i++) {
    const customer = random.pick(customers);
    const sequence = 4000 + i;
    invoices.push({
      customer,
      record: {
        id: `D${sequence}`,
        amount: invoiceAmount(random),
        currency: 'KES',
        date: START_DAY + Math.floor((i * 300) / Math.max(1, options.invoices)),
        reference: invoiceReference(sequence, sap && random.chance(0.9)),
        text: `Customer ${customer.account} tel ${customer.phone}`,
        counterparty: customer.name,
      },
    });
  }
  const byCustomer = new Map<Customer, number[]>();
  invoices.forEach((item, index) => {
    const list = byCustomer.get(item.customer);
    if (list) list.push(index);
    else byCustomer.set(item.customer, [index]);
  });
  const builder = new Builder(random);
  const paid = new Set<number>();
  for (let i = 0; i < invoices.length; i++) {
    if (paid.has(i)) continue;
    const { record: invoice, customer } = invoices[i]!;
    const scenario = pickScenario(random);
    if (scenario === 'unpaid') continue;
    paid.add(i);
    const day = invoice.date + (random.chance(0.1) ? -random.int(1, 3) : random.int(0, 45));
    const link = (left: EngineRecord[], right: EngineRecord[], kind: TrueGroup['kind'] = scenario) =>
      builder.truth.push({ left: left.map((r) => r.id), right: right.map((r) => r.id), kind });
    if (scenario === 'clean' || scenario === 'variant' || scenario === 'typo' || scenario === 'missing') {
      const reference =
        scenario === 'clean'
          ? invoice.reference
          : scenario === 'variant'
            ? referenceVariant(random, invoice.reference)
            : scenario === 'typo'
              ? typo(random, invoice.reference)
              : builder.missingReference(customer);
      const payment = builder.payment(customer, invoice.amount, day, reference);
      link([payment], [invoice]);
      builder.maybeDuplicate(payment);
    } else if (scenario === 'other_invoice') {
      // A slip of a digit that lands on another real invoice (of anyone, paid or not).
      const near = invoices[i + random.pick([-3, -2, -1, 1, 2, 3])] ?? invoices[i + 1] ?? invoices[i - 1];
      const reference = near ? near.record.reference : typo(random, invoice.reference);
      const payment = builder.payment(customer, invoice.amount, day, reference);
      link([payment], [invoice]);
    } else if (scenario === 'charges') {
      const charge = BigInt(random.pick([30, 50, 100, 150, 200, 300]) * 100);
      const payment = builder.payment(customer, invoice.amount - charge, day, invoice.reference, 'bank');
      link([payment], [invoice]);
    } else if (scenario === 'split') {
      const parts = random.int(2, 3);
      const payments: EngineRecord[] = [];
      let rest = invoice.amount;
      for (let part = 0; part < parts; part++) {
        const share = part === parts - 1 ? rest : ((rest * BigInt(random.int(30, 70))) / 10_000n) * 100n;
        rest -= share;
        const reference = random.chance(0.8) ? invoice.reference : typo(random, invoice.reference);
        payments.push(builder.payment(customer, share, day + part * random.int(3, 15), reference));
      }
      link(payments, [invoice]);
    } else if (scenario === 'bulk') {
      // The customer settles 2–4 of its open invoices, issued over the weeks before, in one payment.
      const covered: Invoice[] = [invoices[i]!];
      const wanted = random.int(2, 4);
      const horizon = random.int(14, 75);
      for (const j of byCustomer.get(customer)!) {
        if (covered.length >= wanted) break;
        if (j <= i) continue;
        const other = invoices[j]!;
        if (other.record.date - invoice.date > horizon) break; // invoices come in date order
        if (!paid.has(j)) {
          covered.push(other);
          paid.add(j);
        }
      }
      const records = covered.map((item) => item.record);
      const total = records.reduce((sum, item) => sum + item.amount, 0n);
      const roll = random.next();
      const numbers = roll < 0.3 ? 1 : roll < 0.5 ? 2 : roll < 0.6 ? records.length : 0;
      const reference =
        numbers > 0
          ? random
              .shuffle(records.map((item) => item.reference))
              .slice(0, numbers)
              .join(random.pick([', ', ' ', '/', ' & ']))
          : builder.missingReference(customer);
      const lastDay = Math.max(...records.map((item) => item.date)) + random.int(0, 20);
      const payment = builder.payment(customer, total, lastDay, reference);
      link([payment], records);
    } else {
      const wrong = builder.payment(customer, invoice.amount, day, invoice.reference, 'mpesa');
      const reversal = builder.payment(
        customer,
        -invoice.amount,
        day + random.int(0, 2),
        `Reversal of ${wrong.id}`,
        'mpesa',
      );
      link([wrong, reversal], [], 'reversal');
      const again = builder.payment(customer, invoice.amount, day + random.int(3, 10), invoice.reference);
      link([again], [invoice]);
    }
  }
  const unrelated = options.unrelated ?? Math.round(options.invoices * 0.05);
  for (let i = 0; i < unrelated; i++) {
    const customer = random.pick(customers);
    const amount = BigInt(random.int(-5_000_000, 5_000_000));
    const reference = random.pick([
      'SALARY ADVANCE',
      'TRANSFER TO SAVINGS',
      'LEDGER FEE',
      `CHQ ${random.int(100000, 999999)}`,
    ]);
    builder.payment(customer, amount === 0n ? 100n : amount, START_DAY + random.int(0, 320), reference);
  }
  return {
    left: builder.left,
    right: invoices.map((item) => item.record),
    truth: builder.truth,
    aliases: builder.aliases,
  };
}
