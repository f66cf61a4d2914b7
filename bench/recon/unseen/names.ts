import type { Random } from './random.ts';

/** Kenyan given names (English/Christian and Swahili) and family names from the larger communities. */
const GIVEN_FEMALE = [
  'Jane',
  'Mary',
  'Grace',
  'Faith',
  'Esther',
  'Mercy',
  'Joyce',
  'Ann',
  'Lucy',
  'Caroline',
  'Beatrice',
  'Purity',
  'Winnie',
  'Eunice',
  'Naomi',
  'Rose',
  'Susan',
  'Margaret',
  'Agnes',
  'Nancy',
  'Lilian',
  'Catherine',
  'Dorcas',
  'Zawadi',
  'Amina',
  'Halima',
  'Neema',
  'Imani',
  'Rehema',
  'Sharon',
  'Brenda',
  'Cynthia',
  'Irene',
  'Josephine',
  'Phyllis',
  'Wanjiku',
  'Akinyi',
  'Chebet',
  'Nafula',
  'Mwende',
] as const;
const GIVEN_MALE = [
  'John',
  'Peter',
  'James',
  'Joseph',
  'David',
  'Daniel',
  'Samuel',
  'Paul',
  'Stephen',
  'Francis',
  'George',
  'Patrick',
  'Charles',
  'Michael',
  'Kennedy',
  'Dennis',
  'Brian',
  'Kevin',
  'Collins',
  'Moses',
  'Isaac',
  'Simon',
  'Anthony',
  'Victor',
  'Evans',
  'Geoffrey',
  'Hassan',
  'Omar',
  'Juma',
  'Baraka',
  'Emmanuel',
  'Wycliffe',
  'Kipchoge',
  'Otieno',
  'Kamau',
  'Mutua',
  'Barasa',
  'Wafula',
  'Kiprono',
  'Ochieng',
] as const;
/** Second names often given in the community language (shown by M-Pesa as the second word). */
const MIDDLE = [
  'Wanjiru',
  'Wambui',
  'Njeri',
  'Nyambura',
  'Wairimu',
  'Muthoni',
  'Achieng',
  'Atieno',
  'Adhiambo',
  'Awino',
  'Jepkosgei',
  'Chepkoech',
  'Jeptoo',
  'Nekesa',
  'Naliaka',
  'Mumbua',
  'Ndinda',
  'Kavata',
  'Mwangi',
  'Njoroge',
  'Kariuki',
  'Odhiambo',
  'Onyango',
  'Kipruto',
  'Kibet',
  'Wekesa',
  'Musyoka',
  'Kilonzo',
  'Ndungu',
  'Gitau',
] as const;
const FAMILY = [
  'Kamau',
  'Mwangi',
  'Njoroge',
  'Kariuki',
  'Maina',
  'Kimani',
  'Wainaina',
  'Githinji',
  'Ndirangu',
  'Macharia',
  'Otieno',
  'Odhiambo',
  'Ochieng',
  'Onyango',
  'Owino',
  'Omondi',
  'Okoth',
  'Ouma',
  'Kiprop',
  'Kiplagat',
  'Rotich',
  'Koech',
  'Langat',
  'Cheruiyot',
  'Kirui',
  'Wanyama',
  'Wafula',
  'Barasa',
  'Simiyu',
  'Wekesa',
  'Mutua',
  'Musyoka',
  'Kioko',
  'Mwendwa',
  'Nzioka',
  'Mohamed',
  'Abdi',
  'Hassan',
  'Ali',
  'Mwakio',
  'Chege',
  'Gachanja',
  'Kinyua',
  'Muriuki',
  'Nyaga',
  'Mugo',
  'Kahiga',
  'Atieno',
  'Moraa',
  'Nyamweya',
  'Ongeri',
] as const;

/** Company names: a place or word, a trade, a legal suffix (as registered with the Registrar). */
const COMPANY_WORD = [
  'Mwangaza',
  'Baraka',
  'Neema',
  'Upendo',
  'Tumaini',
  'Jambo',
  'Kilimani',
  'Westlands',
  'Rift Valley',
  'Lakeside',
  'Savannah',
  'Twiga',
  'Simba',
  'Ndovu',
  'Kifaru',
  'Nyota',
  'Jua Kali',
  'Mlima',
  'Pwani',
  'Kisumu',
  'Nakuru',
  'Eldoret',
  'Thika Road',
  'Karen',
  'Githurai',
  'Rongai',
  'Machakos',
  'Embu',
  'Nyeri',
  'Meru',
  'Highland',
  'Equator',
  'Tana',
  'Mara',
  'Amani',
  'Fahari',
  'Bidii',
  'Umoja',
  'Harambee',
  'Faraja',
] as const;
const COMPANY_TRADE = [
  'Hardware',
  'Agrovet',
  'Wholesalers',
  'Distributors',
  'Supermarket',
  'Pharmacy',
  'Motors',
  'Logistics',
  'Builders',
  'Electricals',
  'Stationers',
  'Bakers',
  'Dairies',
  'Traders',
  'Enterprises',
  'Ventures',
  'Investments',
  'Contractors',
  'Auto Spares',
  'Printers',
  'Caterers',
  'Fresh Produce',
  'Clinic',
  'Academy',
] as const;
const COMPANY_SUFFIX = ['Ltd', 'Limited', 'Ltd', '(K) Ltd', 'Enterprises', 'Co. Ltd', 'Ltd'] as const;

export interface Person {
  given: string;
  middle: string;
  family: string;
}

export function drawPerson(random: Random, family?: string): Person {
  const given: string = random.chance(0.5) ? random.pick(GIVEN_FEMALE) : random.pick(GIVEN_MALE);
  const last: string = family ?? random.pick(FAMILY);
  let middle: string = random.pick(MIDDLE);
  while (middle === given || middle === last) middle = random.pick(MIDDLE);
  return { given, middle, family: last };
}

/** How M-Pesa shows the registered name: upper case, the first two (sometimes three) names. */
export function mpesaName(person: Person, random: Random): string {
  const words = random.weighted({ givenMiddle: 55, givenFamily: 35, all: 10 });
  const parts =
    words === 'givenMiddle'
      ? [person.given, person.middle]
      : words === 'givenFamily'
        ? [person.given, person.family]
        : [person.given, person.middle, person.family];
  return parts.join(' ').toUpperCase();
}

/** How a clerk typed the customer into the ERP: order, case and initials vary. */
export function erpPersonName(person: Person, random: Random): string {
  const { given, middle, family } = person;
  switch (
    random.weighted({ full: 40, givenFamily: 20, familyFirst: 15, upper: 10, initial: 10, twoNames: 5 })
  ) {
    case 'full':
      return `${given} ${middle} ${family}`;
    case 'givenFamily':
      return `${given} ${family}`;
    case 'familyFirst':
      return `${family} ${given} ${middle[0]}.`;
    case 'upper':
      return `${given} ${middle} ${family}`.toUpperCase();
    case 'initial':
      return `${given[0]}. ${middle} ${family}`;
    default:
      return `${given} ${middle}`;
  }
}

export function drawCompanyName(random: Random): string {
  return `${random.pick(COMPANY_WORD)} ${random.pick(COMPANY_TRADE)} ${random.pick(COMPANY_SUFFIX)}`;
}

/** The registered business name as M-Pesa shows it for a paybill/till: upper case, suffix spelled out or not. */
export function mpesaCompanyName(erpName: string, random: Random): string {
  const upper = erpName.toUpperCase();
  if (random.chance(0.3)) return upper.replace(/\bLTD\b/, 'LIMITED');
  return upper;
}
