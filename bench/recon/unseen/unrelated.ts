import type { Customer, NumberBook, Payer } from './customers.ts';
import { YEAR } from './ledger.ts';
import { drawPerson, mpesaName } from './names.ts';
import { type CustomerPayment, payTime } from './plan.ts';
import type { Random } from './random.ts';

/** Money in that pays nothing in this ledger, and the reversals that take some of it back out. */
export interface UnrelatedIncoming {
  payments: CustomerPayment[];
  /** A payment Safaricom reverses later (wrong paybill, an extra zero), at `time`. */
  reversals: { of: CustomerPayment; time: number }[];
}

function stranger(random: Random, numbers: NumberBook): Payer {
  return { number: numbers.phone(), name: mpesaName(drawPerson(random), random), isPhone: true };
}

/** An invoice of last year's ledger, as the payer typed it. */
function oldInvoiceReference(random: Random): string {
  const sequence = random.int(3_200, 5_400);
  const padded = String(sequence).padStart(6, '0');
  switch (random.weighted({ issued: 50, compact: 15, plain: 15, empty: 20 })) {
    case 'issued':
      return `INV-${YEAR - 1}-${padded}`;
    case 'compact':
      return `INV${YEAR - 1}${padded}`;
    case 'plain':
      return String(sequence);
    default:
      return '';
  }
}

function unrelated(time: number, amount: bigint, payer: Payer, reference: string): CustomerPayment {
  return { time, amount, payer, reference, kind: 'unrelated', invoices: [] };
}

/**
 * ~3 % of customer payments settle invoices of the previous period (mostly in the first two months);
 * ~0.2 % are strangers paying the wrong paybill (reversed 1–3 days later); ~0.15 % of true payments are
 * preceded by the same payer's mistaken payment with an extra zero, reversed within the hour.
 */
export function buildUnrelatedIncoming(
  truePayments: CustomerPayment[],
  customers: Customer[],
  lastDay: number,
  random: Random,
  numbers: NumberBook,
): UnrelatedIncoming {
  const payments: CustomerPayment[] = [];
  const reversals: { of: CustomerPayment; time: number }[] = [];
  const count = truePayments.length;

  for (let i = 0; i < Math.round(count * 0.03); i++) {
    const customer = random.pick(customers);
    const payer = random.chance(0.75) ? customer.own : stranger(random, numbers);
    const day = random.chance(0.8) ? random.int(0, 60) : random.int(0, lastDay);
    const amount =
      customer.kind === 'person'
        ? random.cents(5_000, 1.0, 200, 200_000)
        : random.cents(25_000, 1.2, 500, 240_000);
    payments.push(unrelated(payTime(day, random), amount, payer, oldInvoiceReference(random)));
  }

  for (let i = 0; i < Math.max(1, Math.round(count * 0.002)); i++) {
    const payer = stranger(random, numbers);
    const day = random.int(0, lastDay - 4);
    const reference = random.pick([
      'RENT',
      'HSE 12B',
      'SCHOOL FEES',
      `0${payer.number.slice(3)}`,
      '11852209',
      'KPLC',
    ]);
    const payment = unrelated(payTime(day, random), random.cents(3_000, 1.0, 100, 60_000), payer, reference);
    payments.push(payment);
    reversals.push({
      of: payment,
      time: (day + random.int(1, 3)) * 86_400 + random.int(9 * 3600, 16 * 3600),
    });
  }

  const candidates = truePayments.filter(
    (p) => p.payer.isPhone && p.amount <= 2_500_000n && p.time % 86_400 >= 9 * 3600,
  );
  for (let i = 0; i < Math.max(1, Math.round(count * 0.0015)) && candidates.length > 0; i++) {
    const right = random.pick(candidates);
    const wrongTime = right.time - random.int(1_800, 7_200);
    const payment = unrelated(wrongTime, right.amount * 10n, right.payer, right.reference);
    payments.push(payment);
    reversals.push({ of: payment, time: wrongTime + random.int(600, 1_500) });
  }
  return { payments, reversals };
}
