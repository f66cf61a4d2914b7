/** What each kind of supplier sells: descriptions (some long enough to wrap), prices in whole KES, quantities. */
import type { VendorKind } from './parties.ts';

export interface CatalogItem {
  description: string;
  /** Unit price range in whole shillings (USD invoices divide by ~130 and keep cents). */
  price: [number, number];
  /** Quantity range; fractional quantities are in steps of 0.5 when `half` is set. */
  qty: [number, number];
  half?: boolean;
  /** Zero-rated or exempt from VAT (some medicines). */
  exempt?: boolean;
}

export const catalog: Record<VendorKind, readonly CatalogItem[]> = {
  hardware: [
    { description: 'Cement 50kg Bamburi Nguvu', price: [720, 790], qty: [5, 200] },
    { description: 'Y12 Deformed steel bar 12m', price: [1050, 1290], qty: [4, 120] },
    { description: 'Y10 Deformed steel bar 12m', price: [780, 890], qty: [4, 120] },
    {
      description: 'Mabati Box Profile Gauge 30 Pre-painted Maroon 3m sheet',
      price: [1480, 1850],
      qty: [10, 80],
    },
    { description: 'Binding wire 25kg roll', price: [3900, 4400], qty: [1, 10] },
    { description: 'Roofing nails 3" with washers (per kg)', price: [260, 320], qty: [1, 25], half: true },
    { description: 'PPR pipe 25mm x 4m PN20', price: [560, 690], qty: [2, 60] },
    { description: 'Gate valve brass 3/4" heavy duty', price: [1150, 1400], qty: [1, 12] },
    {
      description: 'Crown Paints Silk Vinyl Emulsion 20L Brilliant White',
      price: [11200, 12900],
      qty: [1, 8],
    },
    { description: 'Twin & earth cable 2.5mm (100m roll)', price: [8600, 9900], qty: [1, 6] },
    { description: 'Ballast 3/4" (per tonne) delivered to site, Ruiru', price: [2400, 2900], qty: [7, 28] },
    { description: 'River sand (per tonne)', price: [1800, 2300], qty: [7, 21] },
    { description: 'Wheelbarrow heavy duty pneumatic tyre', price: [5200, 6400], qty: [1, 4] },
    { description: 'Ceramic floor tiles 40x40 Beige (box of 11)', price: [1300, 1650], qty: [10, 90] },
    { description: 'Transport charges', price: [2500, 9000], qty: [1, 1] },
  ],
  logistics: [
    { description: 'Sea freight FCL 1x40HC Jebel Ali - Mombasa', price: [160000, 280000], qty: [1, 3] },
    { description: 'Customs clearing and documentation fee (per entry)', price: [15000, 35000], qty: [1, 2] },
    { description: 'Container transport Mombasa - Nairobi ICD, 1x20ft', price: [95000, 140000], qty: [1, 4] },
    {
      description: 'Port charges KPA (reimbursable, as per receipt attached)',
      price: [28000, 76000],
      qty: [1, 1],
    },
    { description: 'Warehousing (per pallet per week)', price: [450, 900], qty: [4, 60] },
    { description: 'Last-mile delivery, 3T truck within Nairobi CBD', price: [6500, 12000], qty: [1, 8] },
    { description: 'Courier express envelope Nairobi - Kampala', price: [1800, 3200], qty: [1, 15] },
    { description: 'Cargo insurance 0.35% of declared value', price: [9000, 42000], qty: [1, 1] },
    { description: 'Demurrage charges (days beyond free period)', price: [3500, 6200], qty: [1, 9] },
    { description: 'Loading and offloading labour', price: [3000, 8000], qty: [1, 3] },
    { description: 'Fuel surcharge', price: [2000, 9500], qty: [1, 1] },
    {
      description: 'Handling charges - fragile consignment, crating and shrink wrapping',
      price: [4500, 11000],
      qty: [1, 2],
    },
  ],
  it: [
    {
      description: 'Microsoft 365 Business Standard (annual, per user)',
      price: [16500, 19800],
      qty: [5, 60],
    },
    { description: 'Managed IT support retainer - March 2026', price: [85000, 180000], qty: [1, 1] },
    {
      description: 'Dell Latitude 5450 i7 16GB 512GB SSD laptop with 3 years ProSupport',
      price: [158000, 189000],
      qty: [1, 10],
    },
    { description: 'Cisco Catalyst 9200 24-port PoE switch', price: [210000, 265000], qty: [1, 3] },
    {
      description: 'Structured cabling, Cat6 points (supply, terminate and test)',
      price: [3800, 5200],
      qty: [8, 96],
    },
    { description: 'Consultancy - network redesign (hours)', price: [6500, 9500], qty: [4, 40], half: true },
    {
      description: 'Fortinet FortiGate 60F UTM bundle, 1 year subscription renewal',
      price: [98000, 128000],
      qty: [1, 2],
    },
    { description: 'Domain renewal .co.ke', price: [1200, 1600], qty: [1, 5] },
    { description: 'Cloud hosting - VPS 4 vCPU / 8GB (monthly)', price: [9800, 14500], qty: [1, 12] },
    {
      description: 'On-site engineer call-out, Mombasa branch incl. travel and accommodation',
      price: [28000, 46000],
      qty: [1, 2],
    },
    { description: 'Backup storage 1TB (monthly)', price: [2500, 4200], qty: [1, 12] },
    { description: 'APC Smart-UPS 1500VA LCD RM 2U', price: [92000, 118000], qty: [1, 4] },
  ],
  hotel: [
    { description: 'Deluxe double room, bed & breakfast (per night)', price: [14500, 22000], qty: [1, 12] },
    { description: 'Executive suite, half board (per night)', price: [28000, 39000], qty: [1, 6] },
    {
      description: 'Conference package full day (per delegate) incl. 2 teas and lunch',
      price: [4200, 6800],
      qty: [10, 120],
    },
    { description: 'Conference hall hire - Lake View Hall', price: [35000, 60000], qty: [1, 3] },
    { description: 'Dinner buffet (per person)', price: [2800, 4200], qty: [2, 80] },
    { description: 'Laundry service', price: [600, 2400], qty: [1, 6] },
    { description: 'Airport transfer JKIA - Naivasha (per vehicle)', price: [12000, 18000], qty: [1, 4] },
    { description: 'Mini bar', price: [450, 3800], qty: [1, 3] },
    {
      description: 'Team building activities: boat ride on Lake Naivasha and Crescent Island walk',
      price: [3500, 5500],
      qty: [5, 60],
    },
    { description: 'Projector and PA system hire', price: [5000, 9000], qty: [1, 3] },
  ],
  law: [
    {
      description:
        "Professional fees for drawing the Sale Agreement, attending the vendor's advocates and attending completion",
      price: [60000, 250000],
      qty: [1, 1],
    },
    {
      description:
        'Instruction fees: Civil Suit No. E214 of 2025, drawing and filing the plaint, verifying affidavit and list of documents',
      price: [80000, 300000],
      qty: [1, 1],
    },
    { description: 'Attendances in court (per attendance)', price: [15000, 35000], qty: [1, 8] },
    {
      description: 'Perusal of lease and advising the client in writing',
      price: [25000, 90000],
      qty: [1, 1],
    },
    { description: 'Drawing and registering a Legal Charge', price: [45000, 160000], qty: [1, 1] },
    {
      description: 'Disbursement: stamp duty paid (receipt attached)',
      price: [8000, 120000],
      qty: [1, 1],
      exempt: true,
    },
    {
      description: 'Disbursement: search fees at the Lands Registry',
      price: [500, 1000],
      qty: [1, 4],
      exempt: true,
    },
    { description: 'Disbursement: court filing fees', price: [1500, 9000], qty: [1, 3], exempt: true },
    {
      description: 'Conference with client at our offices (hours)',
      price: [12000, 25000],
      qty: [1, 6],
      half: true,
    },
    { description: 'Commissioning of affidavits', price: [500, 1500], qty: [1, 6] },
  ],
  pharma: [
    { description: 'Amoxicillin 500mg caps 10x10', price: [380, 620], qty: [5, 200], exempt: true },
    { description: 'Paracetamol 500mg tabs 100s', price: [140, 260], qty: [10, 400], exempt: true },
    { description: 'Metformin 500mg tabs 28s', price: [180, 360], qty: [10, 150], exempt: true },
    {
      description: 'Artemether/Lumefantrine 20/120mg tabs 24s',
      price: [220, 410],
      qty: [10, 300],
      exempt: true,
    },
    {
      description: 'Oral Rehydration Salts sachets 20.5g (box of 50)',
      price: [950, 1400],
      qty: [2, 40],
      exempt: true,
    },
    { description: 'Surgical gloves latex powdered size 7.5 (box of 100)', price: [650, 980], qty: [5, 100] },
    { description: 'Disposable syringe 5ml with needle 23G (box of 100)', price: [780, 1150], qty: [5, 80] },
    { description: 'Hand sanitiser 70% alcohol 5L', price: [1900, 2800], qty: [1, 20] },
    { description: 'Omeprazole 20mg caps 14s', price: [95, 210], qty: [20, 300], exempt: true },
    { description: 'Amlodipine 5mg tabs 30s', price: [150, 290], qty: [10, 200], exempt: true },
    { description: 'Cotton wool 400g', price: [240, 380], qty: [5, 60] },
    {
      description: 'Ceftriaxone 1g injection vial (box of 10)',
      price: [1100, 1800],
      qty: [2, 50],
      exempt: true,
    },
    { description: 'Digital thermometer', price: [350, 620], qty: [2, 30] },
    { description: 'Ibuprofen 400mg tabs 100s', price: [210, 390], qty: [5, 120], exempt: true },
    { description: 'Cetirizine 10mg tabs 10x10', price: [260, 450], qty: [5, 100], exempt: true },
    { description: 'Face masks 3-ply surgical (box of 50)', price: [180, 320], qty: [10, 200] },
    { description: 'Salbutamol inhaler 100mcg 200 doses', price: [310, 540], qty: [5, 80], exempt: true },
    { description: 'Povidone iodine 10% solution 500ml', price: [420, 690], qty: [2, 40] },
    { description: 'Crepe bandage 10cm x 4.5m', price: [90, 170], qty: [10, 200] },
    { description: 'Blood glucose test strips (pack of 50)', price: [1200, 1900], qty: [2, 40] },
  ],
};
