// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

afterEach(cleanup);

function renderTabs() {
  render(
    <Tabs defaultValue="one">
      <TabsList aria-label="Parts">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two" disabled>
          Two
        </TabsTrigger>
        <TabsTrigger value="three">Three</TabsTrigger>
      </TabsList>
      <TabsContent value="one">First panel</TabsContent>
      <TabsContent value="three">Third panel</TabsContent>
    </Tabs>,
  );
  return (name: string) => screen.getByRole('tab', { name });
}

describe('Tabs', () => {
  it('ties the selected tab to its panel and keeps one tab stop', () => {
    const tab = renderTabs();
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('First panel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('One').id);
    expect(tab('One').getAttribute('aria-controls')).toBe(panel.id);
    expect([tab('One'), tab('Three')].map((t) => t.tabIndex)).toEqual([0, -1]);
  });

  it('moves with the arrows past disabled tabs, wraps, and selects on focus', () => {
    const tab = renderTabs();
    tab('One').focus();
    fireEvent.keyDown(tab('One'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Three'));
    expect(tab('Three').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Third panel');
    fireEvent.keyDown(tab('Three'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('One'));
    fireEvent.keyDown(tab('One'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Three'));
    fireEvent.keyDown(tab('Three'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('One'));
    expect(tab('Two').getAttribute('aria-selected')).toBe('false');
  });
});
