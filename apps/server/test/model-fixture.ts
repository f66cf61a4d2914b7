import { upload, waitForDocument } from '../src/modules/documents/documents-test-support.ts';
import { invoicePage, samplePdf } from '../src/modules/documents/sample-pdf.ts';
import type { TestServer } from './test-server.ts';

export const M = '/api/models';
export const MODEL = `${M}/document_data_extraction/model`;

/** A rule-based invoice model's input: an invoice number (required), a total and line items. */
export function invoiceModelInput(name: string, kind: 'rule_based' | 'ai' = 'rule_based') {
  return {
    name,
    kind,
    description: 'Supplier invoices',
    labels: [
      { key: 'invoice_number', name: 'Invoice number', type: 'text', required: true },
      { key: 'total', name: 'Total', type: 'amount' },
      {
        key: 'items',
        name: 'Line items',
        type: 'table',
        columns: [
          { key: 'description', name: 'Description', type: 'text' },
          { key: 'quantity', name: 'Quantity', type: 'number' },
          { key: 'unit_price', name: 'Unit price', type: 'amount' },
          { key: 'amount', name: 'Amount', type: 'amount' },
        ],
      },
    ],
  };
}

/** Uploads a processed two-page invoice PDF (pages numbered from `first`) to the organization's drop box; answers its id. */
export async function uploadInvoicePdf(server: TestServer, token: string, organizationId: string, first = 1) {
  const bytes = samplePdf([invoicePage(first, 5), invoicePage(first + 1, 5)]);
  const res = await upload(server, token, organizationId, [{ name: 'invoice.pdf', bytes }]);
  const id: string = res.body.data[0].id;
  await waitForDocument(server, token, organizationId, id);
  return id;
}

/** Uploads a CSV (which no model reads) and answers its id. */
export async function uploadCsv(server: TestServer, token: string, organizationId: string) {
  const res = await upload(server, token, organizationId, [{ name: 'rows.csv', bytes: 'a,b\n1,2\n' }]);
  return res.body.data[0].id as string;
}
