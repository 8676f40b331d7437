// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneMoreMenu } from './phone-more-menu';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Holds idle work back, so the test decides when the browser is "idle". */
function stubIdle() {
  const tasks: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void) => tasks.push(task));
  vi.stubGlobal('cancelIdleCallback', () => {});
  return () =>
    act(() => {
      for (const task of tasks.splice(0)) task();
    });
}

describe('PhoneMoreMenu', () => {
  it('a tap before the menu’s code has arrived opens the menu once it has', async () => {
    stubIdle();
    render(<PhoneMoreMenu name="Ada Lovelace" settingsActive={false} onLogOut={() => {}} />);
    const plain = screen.getByRole('button', { name: 'More' });
    expect(plain.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(plain);
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
  });

  it('loaded while idle, the menu takes the button’s place closed, keeping focus', async () => {
    const idle = stubIdle();
    render(<PhoneMoreMenu name="Ada Lovelace" settingsActive onLogOut={() => {}} />);
    const plain = screen.getByRole('button', { name: 'More' });
    act(() => plain.focus());
    idle();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'More' })).not.toBe(plain));
    const trigger = screen.getByRole('button', { name: 'More' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
