/** Other numbers and dates real invoices carry beside the fields that matter: references, bank details, tax devices. */
import { addDays, type DateStyle, formatDate } from './formats.ts';
import type { Plan } from './plan.ts';
import { digits, type Random } from './random.ts';

export interface Decoys {
  lpo: string;
  deliveryNote: string;
  customerAccount: string;
  cuSerial: string;
  cuInvoice: string;
  quote: string;
  /** A date near the invoice date that is not the invoice date (order, delivery, print). */
  orderDate: string;
  deliveryDate: string;
  /** A date in the footer (bank details changed, price list valid until). */
  footerDate: string;
}

export function makeDecoys(rng: Random, plan: Plan): Decoys {
  return {
    lpo: `LPO-${digits(rng, 5)}`,
    deliveryNote: `DN ${digits(rng, 5)}`,
    customerAccount: `C${String(rng.int(10, 9999)).padStart(5, '0')}`,
    cuSerial: `KRAMW0${digits(rng, 2)}2026${digits(rng, 8)}`,
    cuInvoice: `0${digits(rng, 2)}00${digits(rng, 6)}0000${digits(rng, 4)}`,
    quote: `Q-${rng.int(100, 999)}/${rng.int(1, 12)}`,
    orderDate: addDays(plan.invoiceDate, -rng.int(1, 20)),
    deliveryDate: addDays(plan.invoiceDate, -rng.int(0, 3)),
    footerDate: addDays('2026-01-01', rng.int(-200, 40)),
  };
}

/** The supplier's M-Pesa line: paybill with an account to quote, or a till. */
export function mpesaLine(plan: Plan, account: string): string {
  const m = plan.vendor.mpesa;
  return m.kind === 'paybill'
    ? `M-PESA Paybill No. ${m.number}, Account No. ${account}`
    : `Lipa na M-PESA Buy Goods Till No. ${m.number}`;
}

export function bankLines(plan: Plan): string[] {
  const b = plan.vendor.bank;
  return [
    `Bank: ${b.name}, ${b.branch} Branch (Code ${b.branchCode})`,
    `Account Name: ${plan.vendor.name}`,
    `Account No.: ${b.account}   SWIFT: ${b.swift}`,
  ];
}

export function fraudNotice(d: Decoys, style: DateStyle): string {
  return `Our bank details have not changed since ${formatDate(d.footerDate, style)}. Please call us before paying to any other account.`;
}
