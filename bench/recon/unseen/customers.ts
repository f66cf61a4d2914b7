import {
  drawCompanyName,
  drawPerson,
  erpPersonName,
  mpesaCompanyName,
  mpesaName,
  type Person,
} from './names.ts';
import type { Random } from './random.ts';

/** Who a statement line says paid: a phone (12 digits, 254…) or a business short code, and a name. */
export interface Payer {
  number: string;
  name: string;
  isPhone: boolean;
}

export interface Customer {
  code: string;
  kind: 'person' | 'company';
  erpName: string;
  /** As typed in the ERP (`0712 345 678`, `+254712345678`, …), or '' when the clerk left it out. */
  erpPhone: string;
  /** The customer's own phone as M-Pesa shows it (for a company: the line of its director or till). */
  own: Payer;
  /** A company's own paybill, used for amounts above the phone limit and now and then below it. */
  business: Payer | null;
  /** Relatives, the accountant, a sister company: the same few people pay for this customer again and again. */
  others: Payer[];
  /** How many invoices this customer draws, relative to the others. */
  weight: number;
  given: string;
}

/** Above this a payment cannot come from a phone (the per-transaction M-Pesa limit, KES 250,000). */
export const PHONE_LIMIT_CENTS = 25_000_000n;

export class NumberBook {
  private readonly used = new Set<string>();
  constructor(private readonly random: Random) {}

  phone(): string {
    for (;;) {
      const number = this.random.chance(0.85)
        ? `2547${this.random.text('0123456789', 8)}`
        : `2541${this.random.pick(['0', '1'])}${this.random.text('0123456789', 7)}`;
      if (!this.used.has(number)) {
        this.used.add(number);
        return number;
      }
    }
  }

  shortCode(): string {
    for (;;) {
      const number = String(this.random.int(100_000, 999_999));
      if (!this.used.has(number)) {
        this.used.add(number);
        return number;
      }
    }
  }
}

/** `254712345678` as a clerk types it: `0712 345 678`, `0712345678`, `+254712345678`, `254 712 345678`. */
function erpPhoneText(number: string, random: Random): string {
  const local = `0${number.slice(3)}`;
  switch (random.weighted({ spaced: 35, plain: 30, plus: 20, international: 10, dashed: 5 })) {
    case 'spaced':
      return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
    case 'plain':
      return local;
    case 'plus':
      return `+${number}`;
    case 'international':
      return `${number.slice(0, 3)} ${number.slice(3, 6)} ${number.slice(6)}`;
    default:
      return `${local.slice(0, 4)}-${local.slice(4)}`;
  }
}

function otherPerson(random: Random, numbers: NumberBook, family: string | null): Payer {
  const person: Person = drawPerson(random, family ?? undefined);
  return { number: numbers.phone(), name: mpesaName(person, random), isPhone: true };
}

export function buildCustomers(count: number, random: Random, numbers: NumberBook): Customer[] {
  const customers: Customer[] = [];
  for (let index = 0; index < count; index++) {
    const code = `C${String(10_001 + index)}`;
    const isCompany = random.chance(0.35);
    // A few customers buy often, most now and then (Pareto-like).
    const weight = (isCompany ? 2.5 : 1) / (1 - random.next()) ** 0.7;
    const ownPhone = numbers.phone();
    const erpPhone = random.chance(0.1) ? '' : erpPhoneText(ownPhone, random);
    if (isCompany) {
      const erpName = drawCompanyName(random);
      const director = drawPerson(random);
      // The company's phone line is registered to a director (or, for a third, in the company's name).
      const ownName = random.chance(0.33) ? mpesaCompanyName(erpName, random) : mpesaName(director, random);
      const business = random.chance(0.7)
        ? { number: numbers.shortCode(), name: mpesaCompanyName(erpName, random), isPhone: false }
        : null;
      const others = [otherPerson(random, numbers, null)];
      if (random.chance(0.4)) others.push(otherPerson(random, numbers, director.family));
      customers.push({
        code,
        kind: 'company',
        erpName,
        erpPhone,
        own: { number: ownPhone, name: ownName, isPhone: true },
        business,
        others,
        weight,
        given: director.given,
      });
    } else {
      const person = drawPerson(random);
      // A spouse or child often shares the family name; a friend or employer does not.
      const others = [otherPerson(random, numbers, random.chance(0.5) ? person.family : null)];
      if (random.chance(0.3)) others.push(otherPerson(random, numbers, null));
      customers.push({
        code,
        kind: 'person',
        erpName: erpPersonName(person, random),
        erpPhone,
        own: { number: ownPhone, name: mpesaName(person, random), isPhone: true },
        business: null,
        others,
        weight,
        given: person.given,
      });
    }
  }
  return customers;
}

/** A business that pays for a customer it is not (a sister company, a parent): for other_payer above the limit. */
export function otherBusiness(random: Random, numbers: NumberBook): Payer {
  return {
    number: numbers.shortCode(),
    name: mpesaCompanyName(drawCompanyName(random), random),
    isPhone: false,
  };
}

/** The largest single invoice this customer can pay in one M-Pesa payment. */
export function paymentCeiling(customer: Customer): bigint {
  return customer.business ? 450_000_000n : PHONE_LIMIT_CENTS - 1_000_000n;
}
