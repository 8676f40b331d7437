// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InkDrawLayer } from './ink-draw-layer';

const PAGE = { pageNumber: 2, width: 600, height: 800, hasTextLayer: false };

afterEach(cleanup);

/** The layer as laid out: 200 × 100 px at the top-left of the window. */
function renderLayer(tool: 'pen' | 'rectangle' | 'arrow', onStroke = vi.fn()) {
  const { container } = render(
    <InkDrawLayer page={PAGE} tool={tool} colour="blue" draft={null} onStroke={onStroke} />,
  );
  const layer = container.querySelector('[data-ink-layer="2"]') as HTMLDivElement;
  layer.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0 }) as DOMRect;
  layer.setPointerCapture = vi.fn();
  return { layer, onStroke };
}

const at = (clientX: number, clientY: number) => ({ clientX, clientY, pointerId: 1, button: 0 });

describe('drawing on a page', () => {
  it('turns a pen drag into one stroke in shares of the page, on its page and colour', () => {
    const { layer, onStroke } = renderLayer('pen');
    fireEvent.pointerDown(layer, at(20, 10));
    fireEvent.pointerMove(layer, at(60, 30));
    // A wobble smaller than the smallest step is not kept.
    fireEvent.pointerMove(layer, at(60.1, 30.1));
    fireEvent.pointerMove(layer, at(100, 50));
    fireEvent.pointerUp(layer, at(100, 50));
    expect(onStroke).toHaveBeenCalledTimes(1);
    const [stroke, page, drawnOn] = onStroke.mock.calls[0]!;
    expect(stroke).toEqual({
      tool: 'pen',
      colour: 'blue',
      width: 0.004,
      points: [
        [0.1, 0.1],
        [0.3, 0.3],
        [0.5, 0.5],
      ],
    });
    expect(page).toBe(2);
    expect(drawnOn).toBe(layer);
  });

  it('keeps a shape as its two corners, and drops one too small to be meant', () => {
    const { layer, onStroke } = renderLayer('arrow');
    fireEvent.pointerDown(layer, at(10, 10));
    fireEvent.pointerMove(layer, at(10.5, 10.5));
    fireEvent.pointerUp(layer, at(10.5, 10.5));
    expect(onStroke).not.toHaveBeenCalled();
    fireEvent.pointerDown(layer, at(180, 90));
    fireEvent.pointerMove(layer, at(120, 60));
    fireEvent.pointerMove(layer, at(40, 20));
    fireEvent.pointerUp(layer, at(40, 20));
    expect(onStroke.mock.calls[0]![0].points).toEqual([
      [0.9, 0.9],
      [0.2, 0.2],
    ]);
  });

  it('places a rectangle by keyboard: arrows move it, Shift and arrows resize it, Enter draws', () => {
    const { onStroke } = renderLayer('rectangle');
    fireEvent.click(screen.getByRole('button', { name: 'Draw a rectangle on page 2' }));
    const box = screen.getByRole('application', { name: 'New rectangle on page 2' });
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    fireEvent.keyDown(box, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(box, { key: 'Enter' });
    const [stroke] = onStroke.mock.calls[0]!;
    expect(stroke.tool).toBe('rectangle');
    expect(stroke.points[0]).toEqual([0.37, 0.35]);
    expect(stroke.points[1][0]).toBeCloseTo(0.67, 4);
    expect(stroke.points[1][1]).toBeCloseTo(0.57, 4);
    // Escape lets go without drawing.
    fireEvent.click(screen.getByRole('button', { name: 'Draw a rectangle on page 2' }));
    fireEvent.keyDown(screen.getByRole('application'), { key: 'Escape' });
    expect(onStroke).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('application')).toBeNull();
  });
});
