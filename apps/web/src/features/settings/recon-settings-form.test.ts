import { reconSettingsSchema } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { draftToSettings, settingsFieldErrors, settingsToDraft } from './recon-settings-form.ts';

const DEFAULTS = reconSettingsSchema.parse({});

describe('reconciliation settings form', () => {
  it('gives back the defaults unchanged after a round trip, and they pass the contract', () => {
    const draft = settingsToDraft(DEFAULTS);
    expect(draft.tolerance_absolute).toBe('500.00');
    const { settings, errors } = draftToSettings(draft);
    expect(errors).toEqual({});
    expect(settings).toEqual(DEFAULTS);
    expect(reconSettingsSchema.parse(settings)).toEqual(settings);
  });

  it('stores amounts typed in major units as exact strings of minor units', () => {
    const draft = settingsToDraft(DEFAULTS);
    draft.tolerance_absolute = '1,250.50';
    draft.maker_checker_enabled = true;
    draft.maker_checker_threshold = '99999999999999.99';
    const { settings, errors } = draftToSettings(draft);
    expect(errors).toEqual({});
    expect(settings.amount_tolerance.absolute).toBe('125050');
    expect(settings.maker_checker).toEqual({ enabled: true, threshold: '9999999999999999' });
  });

  it('shows stored minor units in major units without a float', () => {
    const draft = settingsToDraft({
      ...DEFAULTS,
      maker_checker: { enabled: true, threshold: '900719925474099312' },
    });
    expect(draft.maker_checker_threshold).toBe('9007199254740993.12');
  });

  it('names every field that is wrong', () => {
    const draft = settingsToDraft(DEFAULTS);
    Object.assign(draft, {
      default_currency: 'shilling',
      tolerance_absolute: '1.234',
      tolerance_percent: '101',
      days_before: '1.5',
      days_after: '',
      auto_accept: '0.5',
      suggest: '0.7',
      ambiguity_gap: 'x',
      maker_checker_threshold: '-3',
    });
    expect(draftToSettings(draft).errors).toEqual({
      default_currency: 'Use a 3-letter currency code, e.g. KES',
      tolerance_absolute: 'Use at most 2 decimals',
      tolerance_percent: 'Use a number from 0 to 100',
      days_before: 'Use a whole number of days',
      days_after: 'Required',
      suggest: 'The suggestion score cannot be above the auto-accept score',
      ambiguity_gap: 'Enter a number',
      maker_checker_threshold: 'Use an amount of 0 or more',
    });
  });

  it("maps the server's field paths to the form", () => {
    expect(
      settingsFieldErrors({
        'maker_checker.threshold': 'Use whole minor units',
        'date_window.days_after': 'Too big',
      }),
    ).toEqual({ maker_checker_threshold: 'Use whole minor units', days_after: 'Too big' });
  });
});
