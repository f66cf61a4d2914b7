import type { ReconSettings } from '@counterpart/contracts';
import { majorText, parseMajorUnits } from '../../shared/lib/major-units.ts';

/** The reconciliation settings as the form holds them: numbers as typed, amounts in major units. */
export interface ReconSettingsDraft {
  default_currency: string;
  tolerance_absolute: string;
  tolerance_percent: string;
  days_before: string;
  days_after: string;
  auto_accept: string;
  suggest: string;
  ambiguity_gap: string;
  maker_checker_enabled: boolean;
  maker_checker_threshold: string;
}

export type ReconSettingsErrors = Partial<Record<keyof ReconSettingsDraft, string>>;

/** Amounts the contract takes: at most 18 digits of minor units. */
const MAX_MINOR = 10n ** 18n - 1n;

export function settingsToDraft(settings: ReconSettings): ReconSettingsDraft {
  return {
    default_currency: settings.default_currency,
    tolerance_absolute: majorText(settings.amount_tolerance.absolute),
    tolerance_percent: String(settings.amount_tolerance.percent),
    days_before: String(settings.date_window.days_before),
    days_after: String(settings.date_window.days_after),
    auto_accept: String(settings.auto_accept),
    suggest: String(settings.suggest),
    ambiguity_gap: String(settings.ambiguity_gap),
    maker_checker_enabled: settings.maker_checker.enabled,
    maker_checker_threshold: majorText(settings.maker_checker.threshold),
  };
}

function readNumber(
  errors: ReconSettingsErrors,
  field: keyof ReconSettingsDraft,
  value: string,
  min: number,
  max: number,
  integer = false,
): number {
  const trimmed = value.trim();
  if (trimmed === '') {
    errors[field] = 'Required';
    return 0;
  }
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) {
    errors[field] = 'Enter a number';
    return 0;
  }
  const number = Number(trimmed);
  if (integer && !Number.isInteger(number)) errors[field] = 'Use a whole number of days';
  else if (number < min || number > max) errors[field] = `Use a number from ${min} to ${max}`;
  return number;
}

function readAmount(errors: ReconSettingsErrors, field: keyof ReconSettingsDraft, value: string): string {
  const parsed = parseMajorUnits(value.trim() === '' ? '0' : value, { max: MAX_MINOR });
  if (!parsed.ok) {
    errors[field] = parsed.error;
    return '0';
  }
  return parsed.minor.toString();
}

/** The form → the body of PUT /v1/recon/settings, with the errors found (empty when valid). */
export function draftToSettings(draft: ReconSettingsDraft): {
  settings: ReconSettings;
  errors: ReconSettingsErrors;
} {
  const errors: ReconSettingsErrors = {};
  const currency = draft.default_currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.default_currency = 'Use a 3-letter currency code, e.g. KES';
  const settings: ReconSettings = {
    default_currency: currency,
    amount_tolerance: {
      absolute: readAmount(errors, 'tolerance_absolute', draft.tolerance_absolute),
      percent: readNumber(errors, 'tolerance_percent', draft.tolerance_percent, 0, 100),
    },
    date_window: {
      days_before: readNumber(errors, 'days_before', draft.days_before, 0, 366, true),
      days_after: readNumber(errors, 'days_after', draft.days_after, 0, 366, true),
    },
    auto_accept: readNumber(errors, 'auto_accept', draft.auto_accept, 0, 1),
    suggest: readNumber(errors, 'suggest', draft.suggest, 0, 1),
    ambiguity_gap: readNumber(errors, 'ambiguity_gap', draft.ambiguity_gap, 0, 1),
    maker_checker: {
      enabled: draft.maker_checker_enabled,
      threshold: readAmount(errors, 'maker_checker_threshold', draft.maker_checker_threshold),
    },
  };
  if (!errors.suggest && !errors.auto_accept && settings.suggest > settings.auto_accept) {
    errors.suggest = 'The suggestion score cannot be above the auto-accept score';
  }
  return { settings, errors };
}

/** Server details (`amount_tolerance.absolute`, `maker_checker.threshold`…) → the form's fields. */
export function settingsFieldErrors(details: Record<string, unknown>): ReconSettingsErrors {
  const map: Record<string, keyof ReconSettingsDraft> = {
    default_currency: 'default_currency',
    'amount_tolerance.absolute': 'tolerance_absolute',
    'amount_tolerance.percent': 'tolerance_percent',
    'date_window.days_before': 'days_before',
    'date_window.days_after': 'days_after',
    auto_accept: 'auto_accept',
    suggest: 'suggest',
    ambiguity_gap: 'ambiguity_gap',
    'maker_checker.enabled': 'maker_checker_enabled',
    'maker_checker.threshold': 'maker_checker_threshold',
  };
  const errors: ReconSettingsErrors = {};
  for (const [path, message] of Object.entries(details)) {
    const field = map[path.replace(/^body\./, '')];
    if (field && typeof message === 'string') errors[field] ??= message;
  }
  return errors;
}
