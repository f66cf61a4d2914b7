/** Fictional East African suppliers and their customers. Any likeness to a real business is chance. */

export type VendorKind = 'hardware' | 'logistics' | 'it' | 'hotel' | 'law' | 'pharma';

export interface Vendor {
  kind: VendorKind;
  name: string;
  /** A shorter trading name some letterheads print large above the legal name. */
  tradingName?: string;
  tagline?: string;
  address: string[];
  phone: string;
  email: string;
  /** Letter, 9 digits, letter; null when the supplier prints none (not VAT registered, or abroad). */
  kraPin: string | null;
  vatNumber?: string;
  bank: { name: string; branch: string; account: string; swift: string; branchCode: string };
  mpesa: { kind: 'paybill' | 'till'; number: string };
}

export const vendors: readonly Vendor[] = [
  {
    kind: 'hardware',
    name: 'Mwangaza Hardware & General Supplies Ltd',
    tradingName: 'MWANGAZA HARDWARE',
    tagline: 'Building materials - Plumbing - Electricals',
    address: ['Kirinyaga Road, Opp. Kenya Cinema Plaza', 'P.O. Box 41822-00100', 'Nairobi, Kenya'],
    phone: '+254 722 418 903',
    email: 'sales@mwangazahardware.co.ke',
    kraPin: 'P051428863K',
    bank: {
      name: 'Equity Bank',
      branch: 'Tom Mboya',
      account: '0490 2918 44712',
      swift: 'EQBLKENA',
      branchCode: '068',
    },
    mpesa: { kind: 'paybill', number: '522 841' },
  },
  {
    kind: 'hardware',
    name: 'Kilima Building Centre Limited',
    tagline: 'Your partner in construction since 1998',
    address: ['Plot 11, Moi Avenue', 'P.O. Box 2207-40100', 'Kisumu'],
    phone: '0733 650 118',
    email: 'accounts@kilimabuilding.co.ke',
    kraPin: 'P000617254W',
    bank: {
      name: 'KCB Bank',
      branch: 'Kisumu Main',
      account: '1102 884 617',
      swift: 'KCBLKENX',
      branchCode: '01142',
    },
    mpesa: { kind: 'till', number: '881 207' },
  },
  {
    kind: 'logistics',
    name: 'Pwani Freight Logistics Ltd',
    tagline: 'Clearing - Forwarding - Transport - Warehousing',
    address: ['Moi Avenue, Bahari House 3rd Floor', 'P.O. Box 90413-80100', 'Mombasa, Kenya'],
    phone: '+254 41 231 7740',
    email: 'billing@pwanifreight.co.ke',
    kraPin: 'P051993027R',
    bank: {
      name: 'NCBA Bank Kenya',
      branch: 'Nkrumah Road',
      account: '6451 028 819',
      swift: 'CBAFKENX',
      branchCode: '07034',
    },
    mpesa: { kind: 'paybill', number: '400 200' },
  },
  {
    kind: 'logistics',
    name: 'Ziwa Cargo Movers (EA) Ltd',
    address: ['Mombasa Road, Sameer Business Park Blk C', 'P.O. Box 18840-00500', 'Nairobi'],
    phone: '0711 902 334',
    email: 'invoices@ziwacargo.com',
    kraPin: 'P052210348N',
    bank: {
      name: 'Stanbic Bank Kenya',
      branch: 'Chiromo',
      account: '0100 0047 21390',
      swift: 'SBICKENX',
      branchCode: '31007',
    },
    mpesa: { kind: 'paybill', number: '600 417' },
  },
  {
    kind: 'it',
    name: 'Silicon Savannah Systems Ltd',
    tagline: 'Managed IT, cloud and networks',
    address: ['The Mirage, Tower 2, 9th Floor', 'Chiromo Road, Westlands', 'P.O. Box 66120-00800 Nairobi'],
    phone: '+254 20 765 4410',
    email: 'finance@siliconsavannah.co.ke',
    kraPin: 'P051760142Q',
    bank: {
      name: 'I&M Bank',
      branch: 'Riverside',
      account: '0028 1044 7711 50',
      swift: 'IMBLKENA',
      branchCode: '57018',
    },
    mpesa: { kind: 'paybill', number: '247 247' },
  },
  {
    kind: 'it',
    name: 'Nyota Digital Works Kenya Ltd',
    tradingName: 'nyota digital',
    address: ['Ngong Lane, Kilimani', 'Nairobi 00100'],
    phone: '0720 118 640',
    email: 'hello@nyotadigital.africa',
    kraPin: 'P052377419D',
    bank: {
      name: 'Co-operative Bank',
      branch: 'Yaya Centre',
      account: '01136 2841 90300',
      swift: 'KCOOKENA',
      branchCode: '11040',
    },
    mpesa: { kind: 'till', number: '5 118 902' },
  },
  {
    kind: 'it',
    name: 'Kampala Data Solutions Ltd',
    tagline: 'Software licences and support across East Africa',
    address: ['Plot 22, Lumumba Avenue', 'P.O. Box 7011', 'Kampala, Uganda'],
    phone: '+256 414 230 118',
    email: 'ar@kampaladata.ug',
    kraPin: null,
    vatNumber: '1000348291',
    bank: {
      name: 'Stanbic Bank Uganda',
      branch: 'Crested Towers',
      account: '9030 0157 2240',
      swift: 'SBICUGKX',
      branchCode: '040',
    },
    mpesa: { kind: 'paybill', number: '891 300' },
  },
  {
    kind: 'hotel',
    name: 'Acacia Crest Hotel & Conference Centre',
    tradingName: 'ACACIA CREST',
    tagline: 'Moi South Lake Road, Naivasha',
    address: ['Moi South Lake Road', 'P.O. Box 1150-20117', 'Naivasha, Kenya'],
    phone: '+254 50 202 1188',
    email: 'reservations@acaciacrest.co.ke',
    kraPin: 'P051118765A',
    bank: {
      name: 'Absa Bank Kenya',
      branch: 'Naivasha',
      account: '2034 559 810',
      swift: 'BARCKENX',
      branchCode: '03061',
    },
    mpesa: { kind: 'paybill', number: '333 019' },
  },
  {
    kind: 'law',
    name: 'Odhiambo, Wanjiru & Company Advocates',
    tagline: 'Advocates, Commissioners for Oaths & Notaries Public',
    address: ['ACK Garden House, 4th Floor, 1st Ngong Avenue', 'P.O. Box 30551-00100', 'Nairobi'],
    phone: '+254 20 271 9904 / 0722 301 556',
    email: 'accounts@owadvocates.co.ke',
    kraPin: 'P051209987H',
    bank: {
      name: 'Diamond Trust Bank',
      branch: 'Capitol Centre',
      account: '0114 288 001',
      swift: 'DTKEKENA',
      branchCode: '63010',
    },
    mpesa: { kind: 'paybill', number: '516 600' },
  },
  {
    kind: 'pharma',
    name: 'Afya Bora Pharmaceutical Distributors Ltd',
    tagline: 'Licensed by the Pharmacy and Poisons Board - Lic. No. PPB/W/2026/0418',
    address: ['Industrial Area, Dunga Road', 'P.O. Box 47701-00100', 'Nairobi, Kenya'],
    phone: '0709 882 100',
    email: 'orders@afyabora.co.ke',
    kraPin: 'P051662093T',
    bank: {
      name: 'Family Bank',
      branch: 'Industrial Area',
      account: '0470 1928 3318 22',
      swift: 'FABLKENA',
      branchCode: '70047',
    },
    mpesa: { kind: 'paybill', number: '222 111' },
  },
];

export interface Customer {
  name: string;
  address: string[];
  /** Some invoices print the customer's PIN too: a second PIN on the page. */
  kraPin?: string;
  attention?: string;
}

export const customers: readonly Customer[] = [
  {
    name: 'Tausi Properties Ltd',
    address: ['P.O. Box 10233-00100', 'Nairobi'],
    kraPin: 'P051337281M',
    attention: 'Procurement',
  },
  {
    name: 'Savanna Dairy Co-operative Society',
    address: ['Nyahururu Road', 'P.O. Box 88-20300 Nyahururu'],
    kraPin: 'P051008421B',
  },
  { name: 'Upendo Schools Trust', address: ['Thika Road, Kasarani', 'Nairobi'], attention: 'The Bursar' },
  {
    name: 'Lulu Apparel EPZ Ltd',
    address: ['Athi River EPZ, Plot 44', 'P.O. Box 301-00204 Athi River'],
    kraPin: 'P052011938F',
  },
  {
    name: 'Makini Engineering Ltd',
    address: ['Enterprise Road, Industrial Area', 'Nairobi'],
    kraPin: 'P051577320E',
  },
  { name: 'Greenfield Agro Exporters Ltd', address: ['Eldoret-Kitale Road', 'P.O. Box 5512-30100 Eldoret'] },
  {
    name: 'Baraka Supermarkets Ltd',
    address: ['Kenyatta Avenue', 'Nakuru'],
    kraPin: 'P051900448S',
    attention: 'Accounts Payable',
  },
  { name: 'Jamii Health Clinic', address: ['Kangundo Road, Tala', 'Machakos County'] },
  { name: 'Grace Achieng Otieno', address: ['Apt 6B, Riverside Gardens', 'Nairobi'] },
  { name: 'Peter Kamau Njoroge', address: ['P.O. Box 774-01000', 'Thika'] },
  {
    name: 'Rafiki Microfinance Bank Ltd',
    address: ['Rafiki House, Biashara Street', 'Nairobi'],
    kraPin: 'P051245560J',
  },
  { name: 'Mvua Solar Installations Ltd', address: ['Ngong Road, Adams Arcade', 'Nairobi'] },
  {
    name: 'Kivuli Safaris Ltd',
    address: ['Sarit Centre, 2nd Floor', 'Westlands, Nairobi'],
    attention: 'Finance Manager',
  },
  { name: 'Mlimani Medical Centre', address: ['Nyerere Road', 'P.O. Box 1201 Moshi, Tanzania'] },
];
