import type { NumberBook } from './customers.ts';
import { isoDay, weekday, YEAR } from './ledger.ts';
import { bankSweep, chargeFor, floatFor, type Outgoing, scheduleOutgoing } from './outgoing.ts';
import type { CustomerPayment } from './plan.ts';
import type { Random } from './random.ts';
import { shownNumber } from './references.ts';

/** One line of the M-Pesa statement (amounts in cents; `withdrawn` as a positive amount). */
export interface StatementRow {
  receipt: string;
  time: number;
  initiation: number;
  details: string;
  reason: string;
  paidIn: bigint;
  withdrawn: bigint;
  balance: bigint;
  party: string;
  linked: string;
  accountNo: string;
  /** The customer payment this row is (null for withdrawals, charges, reversals). */
  payment: CustomerPayment | null;
}

type Event =
  | { time: number; order: number; type: 'in'; payment: CustomerPayment }
  | { time: number; order: number; type: 'reversal'; of: CustomerPayment }
  | { time: number; order: number; type: 'out'; out: Outgoing }
  | { time: number; order: number; type: 'sweep'; day: number };

const DAY_CODES = '123456789ABCDEFGHIJKLMNOPQRSTUV';
const RECEIPT_TAIL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** M-Pesa receipts: a year letter (2026 → U), a month letter, a day character, then seven random characters. */
class Receipts {
  private readonly used = new Set<string>();
  constructor(private readonly random: Random) {}

  next(time: number): string {
    const date = new Date(Date.UTC(YEAR, 0, 1, 0, 0, time));
    const head =
      String.fromCharCode(81 + (YEAR - 2022)) +
      String.fromCharCode(65 + date.getUTCMonth()) +
      DAY_CODES[date.getUTCDate() - 1];
    for (;;) {
      const receipt = head + this.random.text(RECEIPT_TAIL, 7);
      if (!this.used.has(receipt)) {
        this.used.add(receipt);
        return receipt;
      }
    }
  }
}

function incomingRow(payment: CustomerPayment, receipt: string, random: Random): StatementRow {
  const party = `${shownNumber(payment.payer, random)} - ${payment.payer.name}`;
  const channel = payment.payer.isPhone
    ? random.chance(0.85)
      ? 'Pay Bill Online'
      : 'Pay Bill'
    : 'Business Pay Bill';
  const verb = channel === 'Business Pay Bill' ? 'Pay Bill' : channel;
  const acc = payment.reference ? ` ${payment.reference}` : '';
  return {
    receipt,
    time: payment.time,
    initiation: payment.time - random.int(0, 4),
    details: `${verb} from ${party} Acc.${acc}`,
    reason: channel,
    paidIn: payment.amount,
    withdrawn: 0n,
    balance: 0n,
    party,
    linked: '',
    accountNo: payment.reference,
    payment,
  };
}

function outRow(out: Outgoing, receipt: string, time: number): StatementRow {
  return {
    receipt,
    time,
    initiation: time,
    details: out.details,
    reason: out.reason,
    paidIn: 0n,
    withdrawn: out.amount,
    balance: 0n,
    party: out.party,
    linked: '',
    accountNo: '',
    payment: null,
  };
}

/**
 * Runs the paybill day by day: customer payments in, reversals, the business's own spending with its
 * charges (each charge line carries the receipt of what it charges, as the portal shows it), and a bank
 * sweep at 17:30 on weekdays that keeps a float. Rows come out oldest first with their running balance.
 */
export function runStatement(
  payments: CustomerPayment[],
  reversals: { of: CustomerPayment; time: number }[],
  lastDay: number,
  random: Random,
  numbers: NumberBook,
): { rows: StatementRow[]; opening: bigint } {
  const { outgoing, payroll } = scheduleOutgoing(lastDay, random, numbers);
  const bankAccount = random.text('0123456789', 10);
  const events: Event[] = [];
  let order = 0;
  for (const payment of payments) events.push({ time: payment.time, order: order++, type: 'in', payment });
  for (const reversal of reversals)
    events.push({ time: reversal.time, order: order++, type: 'reversal', of: reversal.of });
  for (const out of outgoing) events.push({ time: out.time, order: order++, type: 'out', out });
  for (let day = 0; day <= lastDay; day++) {
    const dow = weekday(day);
    if (dow >= 1 && dow <= 5)
      events.push({ time: day * 86_400 + 17 * 3600 + 1800, order: order++, type: 'sweep', day });
  }
  events.sort((a, b) => a.time - b.time || a.order - b.order);

  const receipts = new Receipts(random);
  const receiptOf = new Map<CustomerPayment, { receipt: string; party: string }>();
  const pending = new Set<CustomerPayment>();
  for (const reversal of reversals) pending.add(reversal.of);
  const opening = BigInt(random.int(35_000, 150_000)) * 100n + BigInt(random.int(0, 99));
  let balance = opening;
  let pendingAmount = 0n;
  const rows: StatementRow[] = [];
  const push = (row: StatementRow) => {
    balance += row.paidIn - row.withdrawn;
    rows.push({ ...row, balance });
  };
  const pay = (out: Outgoing, time: number) => {
    const charge = chargeFor(out.amount);
    if (balance - pendingAmount < out.amount + charge) return;
    const receipt = receipts.next(time);
    push(outRow(out, receipt, time));
    if (charge > 0n) {
      push({
        ...outRow(out, receipt, time),
        details: out.chargeDetails,
        reason: out.chargeDetails,
        withdrawn: charge,
      });
    }
  };
  for (const event of events) {
    if (event.type === 'in') {
      const row = incomingRow(event.payment, receipts.next(event.time), random);
      receiptOf.set(event.payment, { receipt: row.receipt, party: row.party });
      if (pending.has(event.payment)) pendingAmount += event.payment.amount;
      push(row);
    } else if (event.type === 'reversal') {
      const original = receiptOf.get(event.of);
      if (!original) throw new Error(`reversal at ${event.time} precedes its payment`);
      pendingAmount -= event.of.amount;
      push({
        ...outRow(
          {
            time: event.time,
            amount: event.of.amount,
            details: `Reversal of ${original.receipt} to ${original.party}`,
            reason: 'Pay Bill Online Reversal',
            party: original.party,
            chargeDetails: '',
          },
          receipts.next(event.time),
          event.time,
        ),
        linked: original.receipt,
      });
    } else if (event.type === 'out') {
      pay(event.out, event.time);
    } else {
      const keep = floatFor(event.day, payroll) + pendingAmount;
      const surplus = ((balance - keep - 10_000n) / 100_000n) * 100_000n;
      if (surplus >= 2_000_000n) pay(bankSweep(event.time, surplus, bankAccount), event.time);
    }
  }
  return { rows, opening };
}

export function statementPeriod(lastDay: number): string {
  return `${isoDay(0)} 00:00:00 - ${isoDay(lastDay)} 23:59:59`;
}
