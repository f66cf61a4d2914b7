/** The content of one invoice, decided before any drawing: what the ground truth records. */
import { catalog } from './catalog.ts';
import { addDays, type Currency } from './formats.ts';
import { type Customer, customers, type Vendor, type VendorKind, vendors } from './parties.ts';
import { digits, type Random } from './random.ts';

export interface PlannedLine {
  description: string;
  /** Quantity in thousandths (2.5 is 2500). */
  qtyMilli: number;
  unitPrice: bigint;
  amount: bigint;
  exempt: boolean;
}

export interface Plan {
  vendor: Vendor;
  customer: Customer;
  currency: Currency;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string | null;
  lines: PlannedLine[];
  subtotal: bigint;
  vatRate: number;
  vat: bigint;
  /** Catering Training Levy (hotels, 2 % of the subtotal); 0 elsewhere. */
  levy: bigint;
  total: bigint;
}

export type NumberStyle = 'inv-slash' | 'plain-digits' | 'ke-dash' | 'inv-dash' | 'ti-yy' | 'prefix-slash';

export interface PlanOptions {
  kinds: readonly VendorKind[];
  numberStyle: NumberStyle;
  /** Prices and VAT in whole shillings (for `Ksh 12,500` printing). */
  wholeUnits: boolean;
  usdShare: number;
  dueShare: number;
  items: [number, number];
  levy?: boolean;
}

function invoiceNumber(rng: Random, style: NumberStyle, vendor: Vendor): string {
  switch (style) {
    case 'inv-slash':
      return `INV/2026/${String(rng.int(1, 2400)).padStart(5, '0')}`;
    case 'plain-digits':
      return String(rng.int(1000, 9999));
    case 'ke-dash':
      return `KE-${rng.int(1000, 9999)}`;
    case 'inv-dash':
      return `INV-${String(rng.int(1, 99999)).padStart(6, '0')}`;
    case 'ti-yy':
      return `TI-26-${String(rng.int(1, 999)).padStart(4, '0')}`;
    case 'prefix-slash': {
      const initials = vendor.name
        .replace(/[^A-Za-z ]/g, '')
        .split(' ')
        .filter((w) => /^[A-Z]/.test(w) && w.length > 2)
        .slice(0, 3)
        .map((w) => w[0])
        .join('');
      return `${initials}/${digits(rng, 3)}/26`;
    }
  }
}

function randomDate(rng: Random): string {
  return addDays('2026-01-05', rng.int(0, 176));
}

/** Round half up to a multiple of `unit` minor units. */
function roundTo(value: number, unit: number): bigint {
  return BigInt(Math.round(value / unit) * unit);
}

export function planInvoice(rng: Random, options: PlanOptions): Plan {
  const vendor = rng.pick(vendors.filter((v) => options.kinds.includes(v.kind)));
  const customer = rng.pick(customers);
  const usdOnly = vendor.kraPin === null;
  const currency: Currency =
    usdOnly || (vendor.kind !== 'pharma' && vendor.kind !== 'hotel' && rng.chance(options.usdShare))
      ? 'USD'
      : 'KES';
  const wholeUnits = options.wholeUnits && currency === 'KES';
  const unit = wholeUnits ? 100 : 1;
  // Long invoices are common enough (monthly statements of account, big orders) to draw one in three from the top of the range.
  const [fewest, most] = options.items;
  const count = rng.chance(0.33) ? rng.int(Math.max(fewest, most - 5), most) : rng.int(fewest, most);
  const items = rng.sample(catalog[vendor.kind], count);
  // Catalogues are shorter than 25: repeat items (a second delivery, another batch) to reach the count.
  while (items.length < count) items.push(rng.pick(catalog[vendor.kind]));
  const lines = items.map((item): PlannedLine => {
    let price = rng.int(item.price[0], item.price[1]) * 100;
    if (currency === 'USD') price = Math.round(price / 129.5);
    else if (!wholeUnits && rng.chance(0.3)) price += rng.int(1, 99) * (rng.chance(0.5) ? 50 : 1);
    price = Math.max(unit, Math.round(price / unit) * unit);
    const half = item.half && rng.chance(0.5);
    const qtyMilli = rng.int(item.qty[0], item.qty[1]) * 1000 + (half ? 500 : 0);
    const amount = roundTo((qtyMilli * price) / 1000, unit);
    return {
      description: item.description,
      qtyMilli,
      unitPrice: BigInt(price),
      amount,
      exempt: item.exempt ?? false,
    };
  });
  const subtotal = lines.reduce((s, l) => s + l.amount, 0n);
  const vatRate = usdOnly ? 0 : 16;
  const vatable = lines.filter((l) => !l.exempt).reduce((s, l) => s + l.amount, 0n);
  const vat = roundTo((Number(vatable) * vatRate) / 100, unit);
  const levy = options.levy ? roundTo((Number(subtotal) * 2) / 100, unit) : 0n;
  const invoiceDate = randomDate(rng);
  const dueDate = rng.chance(options.dueShare)
    ? addDays(invoiceDate, rng.pick([7, 14, 30, 30, 45, 60]))
    : null;
  return {
    vendor,
    customer,
    currency,
    invoiceNumber: invoiceNumber(rng, options.numberStyle, vendor),
    invoiceDate,
    dueDate,
    lines,
    subtotal,
    vatRate,
    vat,
    levy,
    total: subtotal + vat + levy,
  };
}
