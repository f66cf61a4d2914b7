import { describe, expect, it } from 'vitest';
import { chooseOrganization, organizationsFromToken } from './organization-choice.ts';

describe('chooseOrganization', () => {
  it('picks the only organization automatically', () => {
    expect(chooseOrganization(['org-1'], null)).toEqual({ status: 'chosen', id: 'org-1' });
  });

  it('keeps the stored organization when the user still belongs to it', () => {
    expect(chooseOrganization(['org-1', 'org-2'], 'org-2')).toEqual({ status: 'chosen', id: 'org-2' });
  });

  it('asks to select when there are several and none is stored', () => {
    expect(chooseOrganization(['org-1', 'org-2'], null)).toEqual({ status: 'select' });
  });

  it('ignores a stored organization the user no longer belongs to', () => {
    expect(chooseOrganization(['org-1', 'org-2'], 'org-9')).toEqual({ status: 'select' });
    expect(chooseOrganization(['org-1'], 'org-9')).toEqual({ status: 'chosen', id: 'org-1' });
  });

  it('reports none when the user has no organization', () => {
    expect(chooseOrganization([], 'org-1')).toEqual({ status: 'none' });
  });
});

describe('organizationsFromToken', () => {
  it('lists the organization claim with names and attributes in claim order', () => {
    const token = {
      organization: {
        'org-1': { name: 'Demo Company', attributes: { primary_color: ['#123456'] }, roles: {} },
        'org-2': { name: 'Second Branch', roles: {} },
      },
    };
    expect(organizationsFromToken(token)).toEqual([
      { id: 'org-1', name: 'Demo Company', attributes: { primary_color: ['#123456'] } },
      { id: 'org-2', name: 'Second Branch', attributes: {} },
    ]);
  });

  it('falls back to the id when an organization has no name', () => {
    expect(organizationsFromToken({ organization: { 'org-1': {} } })).toEqual([
      { id: 'org-1', name: 'org-1', attributes: {} },
    ]);
  });

  it('yields none for a missing or malformed claim', () => {
    expect(organizationsFromToken({})).toEqual([]);
    expect(organizationsFromToken({ organization: ['org-1'] })).toEqual([]);
    expect(organizationsFromToken(null)).toEqual([]);
  });
});
