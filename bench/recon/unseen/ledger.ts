import { type Customer, paymentCeiling } from './customers.ts';
import type { Random } from './random.ts';

/** Days are counted from 2026-01-01 (day 0), in East Africa Time; the statement and the ledger share them. */
export const YEAR = 2026;
export const FIRST_INVOICE_DAY = 4; // Mon 5 January 2026
export const LAST_INVOICE_DAY = 180; // Tue 30 June 2026
/** The latest a payment comes after its invoice (multi-invoice payments reach further back, see plan.ts). */
export const MAX_PAY_DELAY_DAYS = 45;

export interface Invoice {
  number: string;
  /** The sequence number inside `number` (INV-2026-000123 → 123). */
  sequence: number;
  day: number;
  dueDay: number;
  customer: Customer;
  net: bigint;
  vat: bigint;
  total: bigint;
  /** For the duplicate-amount pairs: this invoice stays open at least until that day. */
  openUntil: number;
}

export function isoDay(day: number): string {
  return new Date(Date.UTC(YEAR, 0, 1 + day)).toISOString().slice(0, 10);
}

export function weekday(day: number): number {
  return new Date(Date.UTC(YEAR, 0, 1 + day)).getUTCDay();
}

export function invoiceNumber(sequence: number): string {
  return `INV-${YEAR}-${String(sequence).padStart(6, '0')}`;
}

/** 16 % VAT on a net amount, rounded half up to the cent. */
export function vatOn(net: bigint): bigint {
  return (net * 16n + 50n) / 100n;
}

function roundTo(cents: bigint, unit: bigint): bigint {
  const rounded = ((cents + unit / 2n) / unit) * unit;
  return rounded > 0n ? rounded : unit;
}

/** Net, VAT and Total the way SME invoices look: round net prices, VAT-inclusive round totals, odd cents, exempt. */
function drawAmounts(customer: Customer, random: Random): Pick<Invoice, 'net' | 'vat' | 'total'> {
  const ceiling = paymentCeiling(customer);
  const ceilingShillings = Number(ceiling / 100n);
  const raw =
    customer.kind === 'person'
      ? random.cents(6_000, 1.0, 300, ceilingShillings / 1.17)
      : random.cents(40_000, 1.5, 500, Math.min(4_500_000, ceilingShillings / 1.17));
  switch (random.weighted({ roundNet: 40, roundTotal: 30, odd: 25, exempt: 5 })) {
    case 'roundNet': {
      const net = roundTo(raw, raw > 1_000_000n ? 10_000n : 1_000n);
      return { net, vat: vatOn(net), total: net + vatOn(net) };
    }
    case 'roundTotal': {
      const total = roundTo(raw, raw > 1_000_000n ? 10_000n : 5_000n);
      const net = (total * 100n + 58n) / 116n;
      return { net, vat: total - net, total };
    }
    case 'odd':
      return { net: raw, vat: vatOn(raw), total: raw + vatOn(raw) };
    default: {
      const net = roundTo(raw, 100n);
      return { net, vat: 0n, total: net };
    }
  }
}

function dueTerms(customer: Customer, random: Random): number {
  return customer.kind === 'person'
    ? Number(random.weighted({ '0': 40, '7': 30, '14': 20, '30': 10 }))
    : Number(random.weighted({ '30': 60, '14': 20, '45': 10, '60': 10 }));
}

function pickCustomer(customers: Customer[], cumulative: number[], random: Random): Customer {
  const draw = random.next() * cumulative[cumulative.length - 1]!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! > draw) high = middle;
    else low = middle + 1;
  }
  return customers[low]!;
}

/** `count` invoices issued Monday to Saturday across the half year, numbered in issue order. */
export function buildInvoices(count: number, customers: Customer[], random: Random): Invoice[] {
  const workdays: number[] = [];
  for (let day = FIRST_INVOICE_DAY; day <= LAST_INVOICE_DAY; day++)
    if (weekday(day) !== 0) workdays.push(day);
  const days = Array.from({ length: count }, () => random.pick(workdays)).sort((a, b) => a - b);
  const cumulative: number[] = [];
  let sum = 0;
  for (const customer of customers) {
    sum += customer.weight;
    cumulative.push(sum);
  }
  return days.map((day, index) => {
    const customer = pickCustomer(customers, cumulative, random);
    const sequence = index + 1;
    return {
      number: invoiceNumber(sequence),
      sequence,
      day,
      dueDay: day + dueTerms(customer, random),
      customer,
      ...drawAmounts(customer, random),
      openUntil: day,
    };
  });
}

/**
 * About 0.5 % of customers get two invoices with the same amount open at the same time (a repeat order):
 * the later copies the earlier's amounts and the earlier stays open until the later is issued.
 * Returns the pairs made.
 */
export function makeDuplicateAmounts(
  invoices: Invoice[],
  customers: Customer[],
  random: Random,
): Invoice[][] {
  const byCustomer = new Map<Customer, Invoice[]>();
  for (const invoice of invoices) {
    const list = byCustomer.get(invoice.customer) ?? [];
    list.push(invoice);
    byCustomer.set(invoice.customer, list);
  }
  const wanted = Math.max(1, Math.round(customers.length * 0.005));
  const candidates = random.shuffle([...byCustomer.values()].filter((list) => list.length >= 2));
  const pairs: Invoice[][] = [];
  for (const list of candidates) {
    if (pairs.length >= wanted) break;
    for (let i = 0; i + 1 < list.length; i++) {
      const first = list[i]!;
      const second = list[i + 1]!;
      if (second.day - first.day > 30) continue;
      second.net = first.net;
      second.vat = first.vat;
      second.total = first.total;
      first.openUntil = second.day;
      pairs.push([first, second]);
      break;
    }
  }
  return pairs;
}
