import { describe, expect, it } from 'vitest';
import { formErrorsOf, issueErrorsOf } from './field-errors.ts';
import { HttpError } from './http.ts';

describe('formErrorsOf', () => {
  it('maps the API details to fields by their last path segment', () => {
    const error = new HttpError(400, {
      message: 'Invalid request: email: Invalid email address',
      details: { email: 'Invalid email address', 'attributes.primary_color': 'Must be a hex colour' },
    });
    expect(formErrorsOf(error)).toEqual({
      fields: { email: 'Invalid email address', primary_color: 'Must be a hex colour' },
      form: null,
    });
  });

  it('gives the message as a form error when the answer names no field', () => {
    const error = new HttpError(409, { message: 'This invitation was already used' });
    expect(formErrorsOf(error)).toEqual({ fields: {}, form: 'This invitation was already used' });
  });

  it('keeps the message of an error that is not an HTTP answer', () => {
    expect(formErrorsOf(new Error('offline')).form).toBe('offline');
  });
});

describe('issueErrorsOf', () => {
  it('keeps the first message of each field, named by its last path part', () => {
    const issues = [
      { path: ['password'], message: 'Use at least 10 characters' },
      { path: ['password'], message: 'Mix at least two kinds of characters' },
      { path: ['profile', 'email'], message: 'Enter a valid e-mail address' },
    ];
    expect(issueErrorsOf(issues)).toEqual({
      password: 'Use at least 10 characters',
      email: 'Enter a valid e-mail address',
    });
  });
});
