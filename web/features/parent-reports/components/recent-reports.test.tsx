// @vitest-environment happy-dom
import type { ParentReport } from '@contract/parent-reports';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentReportsList, type ReportActions } from './recent-reports';

function report(overrides: Partial<ParentReport>): ParentReport {
  return {
    id: 1,
    studentId: 7,
    studentName: 'Maya Patel',
    subjects: 'English, Maths',
    content: 'Maya has worked hard.',
    transcript: '',
    templateId: null,
    status: 'draft',
    date: '2026-11-20T10:00:00.000Z',
    videoUrl: null,
    captionsUrl: null,
    video: null,
    recordingUrl: null,
    avatarUrl: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    sentAt: null,
    ...overrides,
  };
}

function actions(): ReportActions {
  return { onView: vi.fn(), onEdit: vi.fn(), onShare: vi.fn(), onDelete: vi.fn() };
}

afterEach(cleanup);

describe('RecentReportsList', () => {
  it('offers View, Edit and Delete on a draft, dated "Last edited"', () => {
    const handlers = actions();
    const draft = report({});
    render(<RecentReportsList reports={[draft]} actions={handlers} />);
    expect(screen.getByText('Last edited Nov 20, 2026')).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share report for Maya Patel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit report for Maya Patel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete report for Maya Patel' }));
    fireEvent.click(screen.getByRole('button', { name: 'View report for Maya Patel' }));
    expect(handlers.onEdit).toHaveBeenCalledWith(draft);
    expect(handlers.onDelete).toHaveBeenCalledWith(draft);
    expect(handlers.onView).toHaveBeenCalledWith(draft);
  });

  it('offers View and Share on a sent report, dated "Sent"', () => {
    const handlers = actions();
    const sent = report({ status: 'sent', date: '2026-11-21T09:00:00.000Z' });
    render(<RecentReportsList reports={[sent]} actions={handlers} />);
    expect(screen.getByText('Sent Nov 21, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit report for Maya Patel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete report for Maya Patel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Share report for Maya Patel' }));
    expect(handlers.onShare).toHaveBeenCalledWith(sent);
  });

  it('caps the list at 400 px in a region the keyboard can reach, and says when it is empty', () => {
    const { rerender } = render(<RecentReportsList reports={[report({})]} actions={actions()} />);
    const region = screen.getByRole('region', { name: 'Recent reports' });
    expect(region.className).toContain('max-h-[400px]');
    expect(region.getAttribute('tabindex')).toBe('0');
    rerender(<RecentReportsList reports={[]} actions={actions()} />);
    expect(screen.getByText('No reports yet')).toBeTruthy();
  });
});
