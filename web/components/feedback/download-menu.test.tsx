// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadMenu } from './download-menu';

afterEach(cleanup);

describe('the pupil’s Download menu', () => {
  it('fetches the menu when pressed and opens it with the three formats', async () => {
    render(<DownloadMenu downloadUrl="/api/shared/k/download" />);
    const standIn = screen.getByRole('button', { name: 'Download' });
    expect(standIn.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.keyDown(standIn, { key: 'Enter' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['PDF', '/api/shared/k/download?format=pdf'],
      ['PDF with annotations', '/api/shared/k/download?format=annotated-pdf'],
      ['Word (DOCX)', '/api/shared/k/download?format=docx'],
    ]);
  });

  it('hands focus to the real trigger when the stand-in had it', async () => {
    render(<DownloadMenu downloadUrl="/d" />);
    const standIn = screen.getByRole('button', { name: 'Download' });
    standIn.focus();
    // The real trigger replaces the stand-in and takes the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download' })).not.toBe(standIn));
    const trigger = screen.getByRole('button', { name: 'Download' });
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
