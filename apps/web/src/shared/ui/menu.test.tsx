// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu, type MenuItem } from './menu.tsx';

afterEach(cleanup);

function renderActions(onSelect: Record<string, () => void> = {}) {
  const items: MenuItem[] = [
    { label: 'Edit', onSelect: onSelect.edit ?? (() => {}) },
    { label: 'Duplicate', onSelect: onSelect.duplicate ?? (() => {}) },
    { label: 'Archive', disabled: true, onSelect: onSelect.archive ?? (() => {}) },
    { type: 'separator' },
    { label: 'Delete', tone: 'danger', onSelect: onSelect.remove ?? (() => {}) },
  ];
  render(
    <>
      <Menu label="Row actions" triggerContent={<span>…</span>} items={items} />
      <button type="button">Outside</button>
    </>,
  );
  return screen.getByRole('button', { name: 'Row actions' });
}

const focusedName = () => document.activeElement?.textContent;

describe('Menu', () => {
  it('is a menu button that opens on click with focus on the first item', () => {
    const trigger = renderActions();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Row actions' });
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit',
      'Duplicate',
      'Archive',
      'Delete',
    ]);
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(focusedName()).toBe('Edit');
  });

  it('moves focus with arrows, Home and End, wrapping and skipping disabled items', () => {
    const trigger = renderActions();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu');
    expect(focusedName()).toBe('Edit');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focusedName()).toBe('Duplicate');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focusedName()).toBe('Delete');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focusedName()).toBe('Edit');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(focusedName()).toBe('Delete');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(focusedName()).toBe('Edit');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(focusedName()).toBe('Delete');
    fireEvent.keyDown(menu, { key: 'd' });
    expect(focusedName()).toBe('Duplicate');
  });

  it('opens on the last item with ArrowUp on the trigger', () => {
    const trigger = renderActions();
    fireEvent.keyDown(trigger, { key: 'ArrowUp' });
    expect(focusedName()).toBe('Delete');
  });

  it('activates the focused item with Enter or Space, closes and returns focus to the trigger', () => {
    const edit = vi.fn();
    const duplicate = vi.fn();
    const trigger = renderActions({ edit, duplicate });
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(edit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: ' ' });
    expect(duplicate).toHaveBeenCalledTimes(1);
  });

  it('does not activate a disabled item', () => {
    const archive = vi.fn();
    const trigger = renderActions({ archive });
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Archive' }));
    expect(archive).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('closes on Escape and returns focus to the trigger', () => {
    const trigger = renderActions();
    fireEvent.click(trigger);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click outside', () => {
    const trigger = renderActions();
    fireEvent.click(trigger);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('renders checked items as menuitemradio inside a labelled group', () => {
    const select = vi.fn();
    render(
      <Menu
        trigger={(props) => (
          <button {...props} type="button">
            Acme Ltd
          </button>
        )}
        items={[
          { type: 'label', label: 'Organizations' },
          { label: 'Acme Ltd', checked: true, onSelect: () => select('acme') },
          { label: 'Globex', checked: false, onSelect: () => select('globex') },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Acme Ltd' }));
    const group = screen.getByRole('group', { name: 'Organizations' });
    const radios = screen.getAllByRole('menuitemradio');
    expect(radios.every((radio) => group.contains(radio))).toBe(true);
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Globex' }));
    expect(select).toHaveBeenCalledWith('globex');
  });
});
