import { describe, expect, it } from 'vitest';
import { extractErrorMessage, FIELD_ERRORS_HEADING, NO_RESPONSE_MESSAGE } from './error-message.ts';

describe('extractErrorMessage', () => {
  it('keeps the spec texts exactly', () => {
    expect(FIELD_ERRORS_HEADING).toBe('We caught a few issues:');
    expect(NO_RESPONSE_MESSAGE).toBe("Sorry, we didn't get a response from the server...");
  });

  it('takes message, error, detail, details, then exception, in that order', () => {
    expect(extractErrorMessage({ error: 'E', message: 'M' })).toBe('M');
    expect(extractErrorMessage({ detail: 'D', error: 'E' })).toBe('E');
    expect(extractErrorMessage({ details: 'S', detail: 'D' })).toBe('D');
    expect(extractErrorMessage({ exception: 'X', details: 'S' })).toBe('S');
    expect(extractErrorMessage({ exception: 'X' })).toBe('X');
  });

  it('skips blank messages', () => {
    expect(extractErrorMessage({ message: '  ', error: 'Bad Request' })).toBe('Bad Request');
  });

  it('lists each field with its first error', () => {
    expect(extractErrorMessage({ email: ['is taken', 'is invalid'], name: 'is required' })).toBe(
      'We caught a few issues:\nemail: is taken\nname: is required',
    );
  });

  it('lists the fields of a details object', () => {
    expect(extractErrorMessage({ details: { amount: ['must be positive'] } })).toBe(
      'We caught a few issues:\namount: must be positive',
    );
  });

  it('falls back when there is nothing to show', () => {
    for (const body of [
      undefined,
      null,
      '',
      '<html>Bad Gateway</html>',
      500,
      [],
      {},
      { code: 7, list: [] },
    ]) {
      expect(extractErrorMessage(body)).toBe(NO_RESPONSE_MESSAGE);
    }
  });
});
