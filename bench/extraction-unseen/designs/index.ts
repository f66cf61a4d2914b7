import type { Design } from '../design.ts';
import { boxedForm } from './boxed-form.ts';
import { etrReceipt } from './etr-receipt.ts';
import { euroSubsidiary } from './euro-subsidiary.ts';
import { freightBand } from './freight-band.ts';
import { hardwareCounter } from './hardware-counter.ts';
import { hotelFolio } from './hotel-folio.ts';
import { itMinimal } from './it-minimal.ts';
import { lawFeeNote } from './law-fee-note.ts';
import { pharmaDense } from './pharma-dense.ts';
import { sidebar } from './sidebar.ts';

/** Every design, in the order documents cycle through them. */
export const designs: readonly Design[] = [
  hardwareCounter,
  freightBand,
  itMinimal,
  hotelFolio,
  lawFeeNote,
  pharmaDense,
  etrReceipt,
  boxedForm,
  euroSubsidiary,
  sidebar,
];
