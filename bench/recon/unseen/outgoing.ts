import type { NumberBook } from './customers.ts';
import { weekday, YEAR } from './ledger.ts';
import { drawPerson, mpesaName } from './names.ts';
import type { Random } from './random.ts';

/** Money the business sends out from its paybill: salaries, suppliers' tills, casual workers. */
export interface Outgoing {
  time: number;
  amount: bigint;
  details: string;
  reason: string;
  party: string;
  chargeDetails: string;
}

/**
 * An illustrative business tariff for sending money out of a paybill (KES upper bound → charge); in the
 * spirit of Safaricom's banded business charges, not a copy of its current table.
 */
const TARIFF: [number, number][] = [
  [100, 0],
  [500, 5],
  [1_000, 10],
  [1_500, 15],
  [2_500, 20],
  [3_500, 25],
  [5_000, 34],
  [7_500, 42],
  [10_000, 48],
  [15_000, 57],
  [20_000, 62],
  [35_000, 67],
  [50_000, 72],
];

export function chargeFor(amount: bigint): bigint {
  const shillings = Number(amount / 100n);
  for (const [upTo, charge] of TARIFF) if (shillings <= upTo) return BigInt(charge) * 100n;
  return 7_700n;
}

export function maskedPhone(number: string): string {
  return `${number.slice(0, 4)}******${number.slice(-3)}`;
}

const TILLS = [
  'NAIVAS LIMITED',
  'QUICKMART LIMITED',
  'TUSKYS MWANGAZA',
  'TOTAL ENERGIES THIKA RD',
  'RUBIS KAHAWA WEST',
  'MUMIAS HARDWARE',
  'JAVA HOUSE AFRICA',
  'KENCHIC LIMITED',
];

/** The business's outgoing schedule: payroll on the 28th, two or three till purchases and casuals a week. */
export function scheduleOutgoing(
  lastDay: number,
  random: Random,
  numbers: NumberBook,
): { outgoing: Outgoing[]; payroll: bigint } {
  const staff = Array.from({ length: random.int(5, 11) }, () => ({
    number: numbers.phone(),
    name: mpesaName(drawPerson(random), random),
    salary: BigInt(random.int(18, 65)) * 100_000n,
  }));
  const tills = TILLS.map((name) => ({ name, till: String(random.int(100_000, 9_999_999)) }));
  const casuals = Array.from({ length: 6 }, () => ({
    number: numbers.phone(),
    name: mpesaName(drawPerson(random), random),
  }));
  const out: Outgoing[] = [];
  for (let day = 0; day <= lastDay; day++) {
    const date = new Date(Date.UTC(YEAR, 0, 1 + day));
    const working = weekday(day) !== 0;
    if (date.getUTCDate() === 28) {
      let second = day * 86_400 + 10 * 3600 + random.int(0, 600);
      for (const person of staff) {
        second += random.int(2, 40);
        out.push({
          time: second,
          amount: person.salary,
          details: `Salary Payment to ${maskedPhone(person.number)} - ${person.name}`,
          reason: 'Salary Payment',
          party: `${maskedPhone(person.number)} - ${person.name}`,
          chargeDetails: 'Salary Payment Charge',
        });
      }
    }
    if (working && random.chance(0.4)) {
      const till = random.pick(tills);
      out.push({
        time: day * 86_400 + random.int(8 * 3600, 18 * 3600),
        amount: random.cents(3_500, 0.9, 150, 40_000),
        details: `Business Buy Goods to ${till.till} - ${till.name}`,
        reason: 'Business Buy Goods',
        party: `${till.till} - ${till.name}`,
        chargeDetails: 'Business Buy Goods Charge',
      });
    }
    if (working && random.chance(0.3)) {
      const casual = random.pick(casuals);
      const amount = BigInt(random.int(5, 40)) * 20_000n;
      out.push({
        time: day * 86_400 + random.int(15 * 3600, 18 * 3600),
        amount,
        details: `Business Payment to ${maskedPhone(casual.number)} - ${casual.name}`,
        reason: 'Business Payment to Customer via API',
        party: `${maskedPhone(casual.number)} - ${casual.name}`,
        chargeDetails: 'B2C Payment Charge',
      });
    }
  }
  return { outgoing: out, payroll: staff.reduce((sum, person) => sum + person.salary, 0n) };
}

/** The transfer of the day's takings to the business's bank account, keeping a float. */
export function bankSweep(time: number, amount: bigint, bankAccount: string): Outgoing {
  const party = '522522 - KCB BANK KENYA LIMITED';
  return {
    time,
    amount,
    details: `Business Pay Bill to ${party} Acc. ${bankAccount}`,
    reason: 'Business Pay Bill',
    party,
    chargeDetails: 'Business Pay Bill Charge',
  };
}

/** The float kept on the paybill: payroll plus a margin in the week before the 28th. */
export function floatFor(day: number, payroll: bigint): bigint {
  const dayOfMonth = new Date(Date.UTC(YEAR, 0, 1 + day)).getUTCDate();
  return dayOfMonth >= 20 && dayOfMonth <= 28 ? payroll + 6_000_000n : 6_000_000n;
}
