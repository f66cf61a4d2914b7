/** The ground truth of one invoice, as the JSON file beside its PDF holds it. */
import { formatQuantity } from './formats.ts';
import type { Plan } from './plan.ts';

export interface Money {
  /** Integer minor units (cents), as a string. */
  minor: string;
  currency: string;
}

export interface Truth {
  invoice_number: string;
  invoice_date: string;
  due_date: string | null;
  vendor_name: string;
  vendor_kra_pin: string | null;
  customer_name: string;
  subtotal: Money;
  vat: Money;
  total: Money;
  currency: string;
  line_items: { description: string; quantity: string; unit_price: Money; amount: Money }[];
}

export function truthOf(plan: Plan): Truth {
  const money = (minor: bigint): Money => ({ minor: minor.toString(), currency: plan.currency });
  return {
    invoice_number: plan.invoiceNumber,
    invoice_date: plan.invoiceDate,
    due_date: plan.dueDate,
    vendor_name: plan.vendor.name,
    vendor_kra_pin: plan.vendor.kraPin,
    customer_name: plan.customer.name,
    subtotal: money(plan.subtotal),
    vat: money(plan.vat),
    total: money(plan.total),
    currency: plan.currency,
    line_items: plan.lines.map((l) => ({
      description: l.description,
      quantity: formatQuantity(l.qtyMilli),
      unit_price: money(l.unitPrice),
      amount: money(l.amount),
    })),
  };
}
