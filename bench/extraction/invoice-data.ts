/**
 * What the generated invoices say, before any layout: vendors (several per layout, one held out of
 * training), customers, line items from a catalogue, Kenyan details (KRA PIN, VAT 16 %, M-Pesa
 * paybill), and the ground truth shape written beside every PDF.
 */
import type { Box, NormalizedValue } from '@counterpart/contracts';
import type { AmountStyle, DateStyle } from './formats.ts';
import type { Random } from './random.ts';

export const LAYOUTS = ['classic', 'stacked', 'two-column', 'euro', 'long', 'tax-invoice'] as const;
/** Never trained on: the learned model's "layout it never saw" test. */
export const HELD_OUT_LAYOUT = 'compact';
export type LayoutName = (typeof LAYOUTS)[number] | typeof HELD_OUT_LAYOUT;

export const FIELD_KEYS = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'vendor_name',
  'vendor_kra_pin',
  'customer_name',
  'subtotal',
  'vat',
  'total',
  'currency',
] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];
export const COLUMN_KEYS = ['description', 'quantity', 'unit_price', 'amount'] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

/** A value as printed, what it means, and where it is. */
export interface ValueTruth {
  text: string;
  normalized: NormalizedValue;
  page: number;
  box: Box;
}

export interface InvoiceTruth {
  id: string;
  layout: LayoutName;
  vendor_id: string;
  /** True for the vendor of its layout that the learned model never trains on. */
  held_out_vendor: boolean;
  pages: number;
  fields: Record<FieldKey, ValueTruth>;
  line_items: { page: number; cells: Record<ColumnKey, ValueTruth> }[];
}

export interface Vendor {
  id: string;
  layout: LayoutName;
  name: string;
  pin: string;
  address: string[];
  phone: string;
  paybill: string;
  currency: 'KES' | 'USD';
  dateStyle: DateStyle;
  amountStyle: AmountStyle;
  invoiceNumber: (rng: Random) => string;
  held_out: boolean;
}

export interface LineItem {
  description: string;
  /** Thousandths (2.5 → 2500). */
  quantity: number;
  unitMinor: number;
  amountMinor: number;
}

export interface Invoice {
  id: string;
  vendor: Vendor;
  customer: { name: string; address: string[] };
  number: string;
  issued: string;
  due: string;
  items: LineItem[];
  subtotal: number;
  vat: number;
  total: number;
}

const digits = (rng: Random, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
const NUMBERS: ((rng: Random) => string)[] = [
  (rng) => `INV-2026-${digits(rng, 4)}`,
  (rng) => `KE/26/${digits(rng, 5)}`,
  (rng) => digits(rng, 6),
  (rng) => `A${digits(rng, 5)}`,
  (rng) => `SI-${digits(rng, 5)}`,
  (rng) => `${digits(rng, 4)}/2026`,
  (rng) => `TI${digits(rng, 6)}`,
];

const VENDOR_NAMES = [
  'Savannah Office Supplies Ltd',
  'Kilimani Print Works',
  'Rift Valley Agro Dealers',
  'Mombasa Marine Services Ltd',
  'Jamhuri Hardware & Tools',
  'Nyali Catering Company',
  'Baraka IT Solutions Ltd',
  'Upperhill Legal Associates',
  'Kisumu Fresh Produce Ltd',
  'Thika Road Motors',
  'Lavington Cleaning Services',
  'Karen Security Systems Ltd',
  'Eldoret Grain Millers',
  'Westlands Digital Media',
  'Machakos Building Supplies',
  'Naivasha Flower Exporters',
  'Mlimani Logistics Ltd',
  'Githurai Electricals',
  'Ruiru Packaging Ltd',
  'Kitengela Steel Fabricators',
  'Embu Dairy Cooperative',
  'Malindi Beach Supplies',
  'Nakuru Water Solutions Ltd',
  'Syokimau Furniture Mart',
  'Kahawa Coffee Traders',
  'Ngong Hills Energy Ltd',
  'Kiambu Stationers',
  'Limuru Tea Packers Ltd',
];
const STREETS = [
  'Moi Avenue',
  'Kenyatta Avenue',
  'Ngong Road',
  'Mombasa Road',
  'Waiyaki Way',
  'Thika Road',
  'Kimathi Street',
  'Biashara Street',
  'Oginga Odinga Street',
  'Haile Selassie Avenue',
];
const TOWNS = [
  'Nairobi',
  'Mombasa',
  'Kisumu',
  'Nakuru',
  'Eldoret',
  'Thika',
  'Machakos',
  'Nyeri',
  'Malindi',
  'Naivasha',
];
const CUSTOMERS = [
  'Acme Kenya Limited',
  'Highlands Hospital',
  'Greenfield Academy',
  'Tusker Logistics Ltd',
  'Umoja Sacco Society',
  'Sunrise Supermarkets',
  'Coast Hotels Group',
  'Boma Properties Ltd',
  'Faraja Medical Centre',
  'Jitegemee Traders',
  'Zawadi Events Ltd',
  'Mvule Construction Co',
  'Imara Insurance Brokers',
  'Pwani Fisheries Ltd',
];
/** Descriptions and unit price ranges (KES). Some are long enough to wrap in narrow columns. */
const CATALOGUE: [string, number, number][] = [
  ['Printing paper A4 80gsm (ream)', 450, 750],
  ['Toner cartridge HP 85A', 3500, 9500],
  ['Maize flour 2kg', 140, 220],
  ['Delivery charges Nairobi CBD', 500, 2500],
  ['Consulting services - monthly retainer', 25000, 150000],
  ['Cooking oil 5L', 900, 1600],
  ['Office chair, ergonomic with adjustable armrests and lumbar support', 8500, 25000],
  ['Cement 50kg bag', 650, 850],
  ['Steel bar Y12 (12m)', 900, 1400],
  ['Website hosting - annual plan', 6000, 30000],
  ['Fresh milk 500ml', 55, 70],
  ['Security guard services (per guard per month)', 18000, 32000],
  ['Cleaning detergent 20L', 2200, 4800],
  ['Laptop Dell Latitude 5440', 85000, 160000],
  ['Network cabling and installation of 24 data points', 45000, 120000],
  ['Fertiliser DAP 50kg', 3500, 7000],
  ['Seedlings (tray of 100)', 800, 1800],
  ['Transport Mombasa - Nairobi, 20ft container', 65000, 120000],
  ['Legal fees: review of lease agreement', 20000, 80000],
  ['Fuel (diesel) litres', 160, 200],
  ['Tyre 195/65 R15', 6500, 12000],
  ['Lunch buffet per person', 850, 2200],
  ['Conference room hire (full day)', 12000, 35000],
  ['Packaging boxes, corrugated, double wall (bundle of 50)', 2500, 6000],
  ['Water dispenser hot & cold', 9000, 22000],
  ['Solar panel 250W monocrystalline', 14000, 26000],
  ['Coffee beans AA grade 1kg', 1200, 2600],
  ['Tea leaves 500g', 250, 600],
  ['Paint emulsion white 20L', 5500, 9800],
  ['Electrical cable 2.5mm (100m roll)', 5200, 8900],
  ['Annual maintenance of standby generator', 25000, 60000],
  ['Branded T-shirts (printed both sides)', 650, 1400],
  ['Video production - 60s advert', 60000, 250000],
  ['Plumbing repairs and fittings', 3000, 15000],
];

/**
 * The vendors of a layout: `count` of them, the last one held out of the learned model's training.
 * The layout fixes the labels and places; vendors vary names, number series and date styles.
 */
export function vendorsFor(
  layout: LayoutName,
  layoutIndex: number,
  count: number,
  dateStyles: DateStyle[],
  amountStyle: AmountStyle,
  rng: Random,
): Vendor[] {
  return Array.from({ length: count }, (_, i) => {
    const name = VENDOR_NAMES[(layoutIndex * 4 + i) % VENDOR_NAMES.length] as string;
    return {
      id: `${layout}-v${i + 1}`,
      layout,
      name,
      pin: `P0${digits(rng, 8)}${String.fromCharCode(65 + rng.int(0, 25))}`,
      address: [
        `${rng.pick(['P.O. Box', 'Box'])} ${rng.int(100, 99999)}-00${rng.int(100, 999)}`,
        `${rng.pick(STREETS)}, ${rng.pick(TOWNS)}`,
      ],
      phone: `+254 7${digits(rng, 2)} ${digits(rng, 3)} ${digits(rng, 3)}`,
      paybill: digits(rng, 6),
      currency: i === 1 && (layout === 'classic' || layout === 'two-column') ? 'USD' : 'KES',
      dateStyle: dateStyles[i % dateStyles.length] as DateStyle,
      amountStyle,
      invoiceNumber: NUMBERS[(layoutIndex + i * 3) % NUMBERS.length] as (rng: Random) => string,
      held_out: i === count - 1,
    };
  });
}

/** One invoice of a vendor: `minItems`..`maxItems` line items, VAT 16 % of the subtotal. */
export function invoiceFor(
  vendor: Vendor,
  id: string,
  rng: Random,
  minItems: number,
  maxItems: number,
): Invoice {
  const month = rng.int(1, 12);
  const issued = `2026-${String(month).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const days = rng.pick([7, 14, 30, 30, 45, 60]);
  const due = new Date(`${issued}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + days);
  const count = rng.int(minItems, maxItems);
  const items: LineItem[] = rng
    .sample(CATALOGUE, Math.min(count, CATALOGUE.length))
    .map(([description, low, high]) => {
      const quantity = rng.chance(0.15)
        ? rng.int(1, 40) * 500
        : rng.pick([1, 1, 2, 3, 4, 5, 6, 10, 12, 20, 25, 50]) * 1000;
      let unitMinor = rng.int(low, high) * 100 + (rng.chance(0.4) ? rng.pick([50, 25, 75, 99, 10]) : 0);
      if (vendor.currency === 'USD') unitMinor = Math.max(100, Math.round(unitMinor / 130));
      return { description, quantity, unitMinor, amountMinor: Math.round((quantity * unitMinor) / 1000) };
    });
  // A long invoice repeats catalogue lines with other quantities.
  while (items.length < count) {
    const base = rng.pick(items);
    const quantity = rng.int(1, 30) * 1000;
    items.push({ ...base, quantity, amountMinor: Math.round((quantity * base.unitMinor) / 1000) });
  }
  const subtotal = items.reduce((sum, item) => sum + item.amountMinor, 0);
  const vat = Math.round((subtotal * 16) / 100);
  return {
    id,
    vendor,
    customer: {
      name: rng.pick(CUSTOMERS),
      address: [`${rng.pick(['P.O. Box', 'Box'])} ${rng.int(100, 99999)}`, rng.pick(TOWNS)],
    },
    number: vendor.invoiceNumber(rng),
    issued,
    due: due.toISOString().slice(0, 10),
    items,
    subtotal,
    vat,
    total: subtotal + vat,
  };
}
