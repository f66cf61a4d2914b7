import { defaultRuleSet, reconSettingsSchema } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { defaultPasses } from './rules.service.ts';

describe('the default rules with the organization settings applied', () => {
  it('are exactly the engine’s default rules while the settings are the defaults', () => {
    // What the accuracy figures were measured with is what a new organization's runs use: a 60-day
    // payment window (not 3 days), the tolerance pass's KES 500 / 0.5 % allowance and its thresholds.
    expect(defaultPasses(reconSettingsSchema.parse({}))).toEqual(defaultRuleSet().passes);
  });

  it('keeps the tolerance pass’s cap when the organization sets its own allowance', () => {
    const passes = defaultPasses(
      reconSettingsSchema.parse({
        amount_tolerance: { absolute: '100000', percent: 1 },
        date_window: { days_before: 10, days_after: 2 },
      }),
    );
    const tolerance = passes.find((pass) => pass.id === 'tolerance');
    expect(tolerance).toMatchObject({
      amount_tolerance: { absolute: 100_000, percent: 1, max_percent: 25 },
      date_window: { days_before: 10, days_after: 2 },
    });
    expect(passes.find((pass) => pass.id === 'payer')).toMatchObject({
      date_window: { days_before: 10, days_after: 2 },
    });
  });
});
