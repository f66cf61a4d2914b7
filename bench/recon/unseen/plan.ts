import { type Customer, type NumberBook, otherBusiness, type Payer, PHONE_LIMIT_CENTS } from './customers.ts';
import { type Invoice, MAX_PAY_DELAY_DAYS } from './ledger.ts';
import type { Random } from './random.ts';
import {
  multiInvoiceReference,
  noReference,
  referenceAsTyped,
  referenceTypo,
  referenceVariant,
} from './references.ts';

export const PAID_KIND_WEIGHTS = {
  exact: 35,
  ref_variant: 15,
  typo: 7,
  no_ref: 12,
  other_payer: 8,
  multi_invoice: 10,
  split: 4,
  charges_short: 3,
  overpaid_rounded: 2,
} as const;
export type PaidKind = keyof typeof PAID_KIND_WEIGHTS;
export const UNPAID_SHARE = 0.1;
/** A multi-invoice payment settles invoices issued at most this long before it (2–10 weeks). */
const MULTI_WINDOW_DAYS = 70;

/** One customer payment on the statement, with the invoices it truly pays (none: unrelated). */
export interface CustomerPayment {
  /** Seconds since 2026-01-01 00:00 EAT. */
  time: number;
  amount: bigint;
  payer: Payer;
  reference: string;
  kind: PaidKind | 'unrelated';
  invoices: Invoice[];
}

export interface Plan {
  payments: CustomerPayment[];
  unpaid: Invoice[];
}

/** A time of day a customer pays: mostly 07:00–21:00, peaking around noon and after work. */
export function payTime(day: number, random: Random): number {
  const hour = random.weighted({
    '6': 2,
    '7': 5,
    '8': 8,
    '9': 9,
    '10': 9,
    '11': 9,
    '12': 10,
    '13': 9,
    '14': 8,
    '15': 8,
    '16': 8,
    '17': 9,
    '18': 8,
    '19': 6,
    '20': 4,
    '21': 2,
    '22': 1,
  });
  return day * 86_400 + Number(hour) * 3600 + random.int(0, 3599);
}

/** The day a single invoice is paid: within its terms mostly, late up to 45 days now and then. */
function payDay(invoice: Invoice, random: Random): number {
  const terms = invoice.dueDay - invoice.day;
  const delay =
    random.chance(0.72) || terms >= MAX_PAY_DELAY_DAYS
      ? random.int(0, Math.min(terms, MAX_PAY_DELAY_DAYS))
      : random.int(terms, MAX_PAY_DELAY_DAYS);
  return Math.min(invoice.day + MAX_PAY_DELAY_DAYS, Math.max(invoice.day + delay, invoice.openUntil));
}

/** Recent invoices are more often still unpaid (Efraimidis–Spirakis weighted sample without replacement). */
function chooseUnpaid(invoices: Invoice[], random: Random): Set<Invoice> {
  const lastDay = invoices[invoices.length - 1]?.day ?? 0;
  const keyed = invoices.map((invoice) => {
    const weight = lastDay - invoice.day < MAX_PAY_DELAY_DAYS ? 4 : 1;
    return { invoice, key: random.next() ** (1 / weight) };
  });
  keyed.sort((a, b) => b.key - a.key);
  return new Set(keyed.slice(0, Math.round(invoices.length * UNPAID_SHARE)).map((k) => k.invoice));
}

function ownPayer(customer: Customer, amount: bigint, random: Random): Payer {
  if (customer.business && (amount >= PHONE_LIMIT_CENTS || random.chance(0.3))) return customer.business;
  return customer.own;
}

/** Groups of 2–4 invoices of one customer, issued within the window, paid together after the last. */
function chooseMultiGroups(paid: Invoice[], target: number, random: Random): Invoice[][] {
  const byCustomer = new Map<Customer, Invoice[]>();
  for (const invoice of paid) {
    const list = byCustomer.get(invoice.customer) ?? [];
    list.push(invoice);
    byCustomer.set(invoice.customer, list);
  }
  const taken = new Set<Invoice>();
  const groups: Invoice[][] = [];
  let count = 0;
  for (let round = 0; round < 30 && count < target; round++) {
    for (const list of random.shuffle([...byCustomer.values()])) {
      if (count >= target) break;
      const ceiling = list[0]!.customer.business ? 1n << 62n : PHONE_LIMIT_CENTS - 1n;
      for (let i = 0; i < list.length && count < target; i++) {
        const first = list[i]!;
        if (taken.has(first) || !random.chance(0.15)) continue;
        const size = Number(random.weighted({ '2': 55, '3': 30, '4': 15 }));
        const group = [first];
        for (let j = i + 1; j < list.length && group.length < size; j++) {
          const next = list[j]!;
          if (next.day - first.day > MULTI_WINDOW_DAYS - 14) break;
          if (!taken.has(next)) group.push(next);
        }
        const sum = group.reduce((total, invoice) => total + invoice.total, 0n);
        if (group.length < 2 || sum > ceiling) continue;
        for (const invoice of group) taken.add(invoice);
        groups.push(group);
        count += group.length;
      }
    }
  }
  return groups;
}

/** Fixed quotas of the single-invoice kinds over the invoices left, shuffled. */
function singleKinds(count: number, random: Random): PaidKind[] {
  const entries = Object.entries(PAID_KIND_WEIGHTS).filter(([kind]) => kind !== 'multi_invoice') as [
    PaidKind,
    number,
  ][];
  const totalWeight = entries.reduce((sum, [, weight]) => sum + weight, 0);
  const kinds: PaidKind[] = [];
  for (const [kind, weight] of entries) {
    const quota = Math.round((count * weight) / totalWeight);
    for (let i = 0; i < quota && kinds.length < count; i++) kinds.push(kind);
  }
  while (kinds.length < count) kinds.push('exact');
  return random.shuffle(kinds);
}

function roundUp(cents: bigint, unit: bigint): bigint {
  return (cents / unit + 1n) * unit;
}

/** 2–3 instalments over weeks, round amounts first, the rest last; each within 45 days of the invoice. */
function splitInvoice(invoice: Invoice, random: Random): { day: number; amount: bigint }[] {
  const parts = random.chance(0.7) ? 2 : 3;
  const unit = invoice.total > 5_000_000n ? 100_000n : invoice.total > 500_000n ? 50_000n : 10_000n;
  const instalments: { day: number; amount: bigint }[] = [];
  let left = invoice.total;
  let day = invoice.day + random.int(0, 7);
  for (let part = 1; part < parts; part++) {
    const share = BigInt(random.int(30, 60));
    let amount = ((invoice.total * share) / 100n / unit) * unit;
    if (amount <= 0n || amount >= left) amount = left / 2n;
    instalments.push({ day, amount });
    left -= amount;
    day = Math.min(invoice.day + MAX_PAY_DELAY_DAYS, day + random.int(7, 17));
  }
  instalments.push({ day: Math.max(day, invoice.openUntil), amount: left });
  return instalments;
}

function shortBy(total: bigint, random: Random): bigint {
  if (random.chance(0.5)) {
    const perMille = BigInt(random.int(5, 15));
    return (((total * perMille) / 1000n + 50n) / 100n) * 100n || 3_000n;
  }
  return BigInt(random.int(30, 200)) * 100n;
}

/** The payment(s) of one invoice paid on its own, shaped by its kind. */
function payInvoice(
  invoice: Invoice,
  kind: PaidKind,
  businessFor: Map<Customer, Payer>,
  random: Random,
  numbers: NumberBook,
): CustomerPayment[] {
  const customer = invoice.customer;
  const one = (day: number, amount: bigint, payer: Payer, reference: string): CustomerPayment => ({
    time: payTime(day, random),
    amount,
    payer,
    reference,
    kind,
    invoices: [invoice],
  });
  const day = payDay(invoice, random);
  const own = ownPayer(customer, invoice.total, random);
  switch (kind) {
    case 'exact':
      return [one(day, invoice.total, own, invoice.number)];
    case 'ref_variant':
      return [one(day, invoice.total, own, referenceVariant(invoice, random))];
    case 'typo':
      return [one(day, invoice.total, own, referenceTypo(invoice, random))];
    case 'no_ref': {
      const payer =
        invoice.total >= PHONE_LIMIT_CENTS && customer.business ? customer.business : customer.own;
      return [one(day, invoice.total, payer, noReference(customer, payer, random))];
    }
    case 'other_payer': {
      let payer = random.pick(customer.others);
      if (invoice.total >= PHONE_LIMIT_CENTS) {
        payer = businessFor.get(customer) ?? otherBusiness(random, numbers);
        businessFor.set(customer, payer);
      }
      const reference = random.chance(0.75) ? referenceAsTyped(invoice, random, 0.5) : '';
      return [one(day, invoice.total, payer, reference)];
    }
    case 'split':
      return splitInvoice(invoice, random).map((part) => {
        const payer = random.chance(0.85)
          ? ownPayer(customer, part.amount, random)
          : random.pick(customer.others);
        const safePayer =
          part.amount >= PHONE_LIMIT_CENTS && payer.isPhone ? (customer.business ?? payer) : payer;
        return one(part.day, part.amount, safePayer, referenceAsTyped(invoice, random, 0.6));
      });
    case 'charges_short': {
      const amount = invoice.total - shortBy(invoice.total, random);
      return [one(day, amount, own, referenceAsTyped(invoice, random, 0.7))];
    }
    case 'overpaid_rounded': {
      const unit = invoice.total > 2_000_000n && random.chance(0.6) ? 100_000n : 10_000n;
      return [one(day, roundUp(invoice.total, unit), own, referenceAsTyped(invoice, random, 0.7))];
    }
    case 'multi_invoice':
      throw new Error('multi_invoice payments are planned by group, not per invoice');
    default:
      throw new Error(`unplanned kind ${kind satisfies never}`);
  }
}

export function planPayments(invoices: Invoice[], random: Random, numbers: NumberBook): Plan {
  const unpaidSet = chooseUnpaid(invoices, random);
  const paid = invoices.filter((invoice) => !unpaidSet.has(invoice));
  const weightSum = Object.values(PAID_KIND_WEIGHTS).reduce((a, b) => a + b, 0);
  const multiTarget = Math.round((paid.length * PAID_KIND_WEIGHTS.multi_invoice) / weightSum);
  const groups = chooseMultiGroups(paid, multiTarget, random);
  const inGroups = new Set(groups.flat());
  const singles = paid.filter((invoice) => !inGroups.has(invoice));
  const kinds = singleKinds(singles.length, random);
  const businessFor = new Map<Customer, Payer>();
  const payments: CustomerPayment[] = [];

  for (const group of groups) {
    const last = group[group.length - 1]!;
    const earliest = group[0]!.day + MULTI_WINDOW_DAYS;
    const openUntil = Math.max(...group.map((invoice) => invoice.openUntil));
    const day = Math.max(openUntil, Math.min(earliest, last.day + random.int(0, 14)));
    const amount = group.reduce((sum, invoice) => sum + invoice.total, 0n);
    const payer = ownPayer(last.customer, amount, random);
    const reference = multiInvoiceReference(group, random);
    payments.push({
      time: payTime(day, random),
      amount,
      payer,
      reference,
      kind: 'multi_invoice',
      invoices: group,
    });
  }

  singles.forEach((invoice, index) => {
    payments.push(...payInvoice(invoice, kinds[index]!, businessFor, random, numbers));
  });
  const unpaid = invoices.filter((invoice) => unpaidSet.has(invoice));
  return { payments, unpaid };
}
